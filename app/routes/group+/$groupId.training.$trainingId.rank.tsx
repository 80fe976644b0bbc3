// A group's training's rank, in the group's frame (the site's tab).
export { loader, handle, default } from "../training+/$trainingId.rank";
