import { describe, expect, it } from "vitest";
import { initialKey, isEditable, isSlashShortcut, isToggleShortcut, queryParam } from "../shortcuts";

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null; isComposing: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

function el(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  document.body.append(div);
  return div.firstElementChild as HTMLElement;
}

describe("isEditable", () => {
  it("recognises fields that take text", () => {
    expect(isEditable(el("<input>"))).toBe(true);
    expect(isEditable(el('<input type="search">'))).toBe(true);
    expect(isEditable(el("<textarea></textarea>"))).toBe(true);
    expect(isEditable(el("<select></select>"))).toBe(true);
    expect(isEditable(el('<div contenteditable="true"><span id="in">x</span></div>').querySelector("span"))).toBe(true);
  });

  it("does not count buttons, checkboxes or plain content", () => {
    expect(isEditable(el('<input type="checkbox">'))).toBe(false);
    expect(isEditable(el("<button>x</button>"))).toBe(false);
    expect(isEditable(el("<p>x</p>"))).toBe(false);
    expect(isEditable(el('<div contenteditable="false">x</div>'))).toBe(false);
    expect(isEditable(null)).toBe(false);
    expect(isEditable(window)).toBe(false);
  });
});

describe("shortcuts", () => {
  it("Ctrl+K and Cmd+K toggle wherever focus is", () => {
    expect(isToggleShortcut(key("k", { ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key("K", { metaKey: true, target: el("<input>") }))).toBe(true);
    expect(isToggleShortcut(key("k"))).toBe(false);
    expect(isToggleShortcut(key("k", { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it("'/' opens only when focus is not in a text field", () => {
    expect(isSlashShortcut(key("/"))).toBe(true);
    expect(isSlashShortcut(key("/", { target: el("<input>") }))).toBe(false);
    expect(isSlashShortcut(key("/", { target: el("<textarea></textarea>") }))).toBe(false);
    expect(isSlashShortcut(key("/", { ctrlKey: true }))).toBe(false);
  });

  it("a letter or digit becomes the initial query", () => {
    expect(initialKey(key("b"))).toBe("b");
    expect(initialKey(key("7"))).toBe("7");
    expect(initialKey(key("é"))).toBe("é");
    expect(initialKey(key("Enter"))).toBeNull();
    expect(initialKey(key(" "))).toBeNull();
    expect(initialKey(key("/"))).toBeNull();
    expect(initialKey(key("b", { ctrlKey: true }))).toBeNull();
  });

  it("reads q from the location", () => {
    expect(queryParam("?q=smart+rollups&x=1")).toBe("smart rollups");
    expect(queryParam("")).toBe("");
  });
});
