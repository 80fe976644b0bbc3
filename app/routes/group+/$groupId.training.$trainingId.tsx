// A group's training inside its group's frame (spec section 2, /group/{gid}/training/{id}): the
// site's training page, whose edge (app/http/training-page.server.ts) checks the training is this
// group's and builds every address under this one.
export { loader, meta, handle, default } from "../training+/$trainingId";
