// A group's training's progress download, at its address in the group's frame.
export { loader } from "../training+/$trainingId_.rank.export";
