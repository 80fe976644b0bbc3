import { makeTheme } from "./make";

export default makeTheme({
  dark: true,
  bg: "#282a36",
  fg: "#f8f8f2",
  caret: "#f8f8f0",
  selection: "rgba(255, 255, 255, 0.10)",
  activeLine: "rgba(255, 255, 255, 0.1)",
  gutterBg: "#282a36",
  gutterFg: "#6d8a88",
  keyword: "#ff79c6",
  string: "#f1fa8c",
  comment: "#6272a4",
  number: "#bd93f9",
  def: "#50fa7b",
  type: "#ffb86c",
  operator: "#ff79c6",
  meta: "#ff79c6",
  property: "#66d9ef",
  variable: "#f8f8f2",
});
