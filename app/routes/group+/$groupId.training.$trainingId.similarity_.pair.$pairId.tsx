// A pair of a group's training's similarity check, in the group's frame (the site's page).
export { loader, handle, default } from "../training+/$trainingId.similarity_.pair.$pairId";
