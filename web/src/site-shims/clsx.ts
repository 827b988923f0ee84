// clsx for site components: joins the class names of strings, numbers, arrays and objects whose
// values are true, as the clsx package does.
type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[] | Record<string, unknown>;

export function clsx(...values: ClassValue[]): string {
  const out: string[] = [];
  const add = (v: ClassValue) => {
    if (!v) return;
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") out.push(String(v));
    else if (Array.isArray(v)) v.forEach(add);
    else if (typeof v === "object") for (const [k, on] of Object.entries(v)) if (on) out.push(k);
  };
  values.forEach(add);
  return out.join(" ");
}

export default clsx;
