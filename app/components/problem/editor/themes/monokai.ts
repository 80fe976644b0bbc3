import { makeTheme } from "./make";

export default makeTheme({
  dark: true,
  bg: "#272822",
  fg: "#f8f8f2",
  caret: "#f8f8f0",
  selection: "#49483e",
  activeLine: "#373831",
  gutterBg: "#272822",
  gutterFg: "#d0d0d0",
  keyword: "#f92672",
  string: "#e6db74",
  comment: "#75715e",
  number: "#ae81ff",
  def: "#a6e22e",
  type: "#66d9ef",
  operator: "#f8f8f2",
  meta: "#f92672",
  property: "#a6e22e",
  variable: "#f8f8f2",
});
