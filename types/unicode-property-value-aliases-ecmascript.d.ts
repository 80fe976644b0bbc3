// The package is plain JavaScript: a Map from each property (Script, General_Category, …) to a Map
// from every alias of a value to its canonical name, as ECMAScript's \p{…} escapes accept them.
declare module "unicode-property-value-aliases-ecmascript" {
  const aliases: Map<string, Map<string, string>>;
  export default aliases;
}
