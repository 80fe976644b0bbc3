import { makeTheme } from "./make";

export default makeTheme({
  dark: false,
  bg: "#fdf6e3",
  fg: "#657b83",
  caret: "#586e75",
  selection: "#eee8d5",
  activeLine: "#f5efdc",
  gutterBg: "#eee8d5",
  gutterFg: "#93a1a1",
  keyword: "#859900",
  string: "#2aa198",
  comment: "#93a1a1",
  number: "#d33682",
  def: "#268bd2",
  type: "#b58900",
  operator: "#6c71c4",
  meta: "#cb4b16",
  property: "#2aa198",
  variable: "#657b83",
});
