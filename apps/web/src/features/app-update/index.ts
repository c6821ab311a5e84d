export { AppUpdatePrompt } from "./app-update-prompt";
