// A group's training's records, in the group's frame (the site's tab).
export { loader, handle, default } from "../training+/$trainingId.submissions";
