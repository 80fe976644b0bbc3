// A problem of a group's training, in the group's frame, with its focus mode (the site's page).
export { loader, action, handle, links, default } from "../training+/$trainingId.problem.$problemId";
