// A group's training's similarity checks, in the group's frame (the site's tab).
export { loader, action, handle, default } from "../training+/$trainingId.similarity";
