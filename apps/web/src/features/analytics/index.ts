export { usePageViewTracking } from "./use-page-view-tracking";
