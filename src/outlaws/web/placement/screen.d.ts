// For the type checker only (tsconfig.json): the placement screen is one class written in
// three files, PlacementScreen (placementview.js) taking the methods of BoardMethods
// (placementboard.js) and PanelMethods (placementpanels.js) with mixin(). This says so.

import type { BoardMethods } from "./placementboard.js";
import type { PanelMethods } from "./placementpanels.js";

declare module "./placementview.js" {
  interface PlacementScreen extends BoardMethods, PanelMethods {}
}
