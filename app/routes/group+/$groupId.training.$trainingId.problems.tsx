// A group's training's problem list, in the group's frame (the site's tab).
export { loader, handle, default } from "../training+/$trainingId.problems";
