// A group's training's overview with the password form, in the group's frame (the site's tab).
export { loader, action, handle, default } from "../training+/$trainingId._index";
