// The login modal for the server's render only: the browser's build gets an empty module in place
// of this file, and fetches the modal when it is needed (see AuthLauncher.tsx).
export { AuthModal as ServerAuthModal } from "./AuthModal";
