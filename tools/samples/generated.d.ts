// JSON files that a page tells the reader to generate (for example a contract compiled to Micheline
// JSON with `ligo compile contract … --michelson-format json`) are not samples on the site, so their
// shape cannot be known here. A relative import of a JSON file that no sample provides resolves to
// this declaration instead of failing; JSON files that samples do provide keep their real types.
declare module "*.json" {
  const value: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default value;
}
