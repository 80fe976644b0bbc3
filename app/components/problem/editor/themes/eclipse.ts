import { makeTheme } from "./make";

export default makeTheme({
  dark: false,
  bg: "#ffffff",
  fg: "#000000",
  caret: "#000000",
  selection: "#d7d4f0",
  activeLine: "#e8f2ff",
  gutterBg: "#f7f7f7",
  gutterFg: "#999999",
  keyword: "#7f0055",
  keywordBold: true,
  string: "#2a00ff",
  comment: "#3f7f5f",
  number: "#116644",
  def: "#0000ff",
  type: "#0000c0",
  operator: "#000000",
  meta: "#555555",
  property: "#0000c0",
  variable: "#000000",
});
