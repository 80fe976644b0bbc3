import { makeTheme } from "./make";

export default makeTheme({
  dark: false,
  bg: "#ffffff",
  fg: "#000000",
  caret: "#000000",
  selection: "#c8d7f5",
  activeLine: "#fffae3",
  gutterBg: "#f0f0f0",
  gutterFg: "#999999",
  keyword: "#000080",
  keywordBold: true,
  string: "#008000",
  comment: "#808080",
  number: "#0000ff",
  def: "#000000",
  type: "#000080",
  operator: "#000000",
  meta: "#808000",
  property: "#660e7a",
  variable: "#000000",
});
