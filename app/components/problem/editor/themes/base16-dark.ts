import { makeTheme } from "./make";

export default makeTheme({
  dark: true,
  bg: "#151515",
  fg: "#e0e0e0",
  caret: "#b0b0b0",
  selection: "#303030",
  activeLine: "#202020",
  gutterBg: "#151515",
  gutterFg: "#505050",
  keyword: "#ac4142",
  string: "#f4bf75",
  comment: "#8f5536",
  number: "#aa759f",
  def: "#d28445",
  type: "#6a9fb5",
  operator: "#e0e0e0",
  meta: "#ac4142",
  property: "#90a959",
  variable: "#90a959",
});
