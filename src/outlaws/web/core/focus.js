// @ts-check
// The focus the page moves itself (a card handed the focus back after a redraw, a panel's
// first button), told apart from the player's: a tooltip opens for the player only.

// Set while the page itself moves the focus (focusQuietly): not the player asking.
let quiet = false;

/**
 * Focus `el` without opening its tooltip: the table handing the focus back to a card
 * after a redraw is not the player asking about it, and the tooltip would cover the row
 * of tokens the action was about. Keys, the pointer and a long press still open it.
 */
export function focusQuietly(el, options) {
  quiet = true;
  try {
    el.focus(options);
  } finally {
    quiet = false;
  }
}

/** Whether the focus is being moved by the page (focusQuietly) right now. */
export function focusedByPage() {
  return quiet;
}
