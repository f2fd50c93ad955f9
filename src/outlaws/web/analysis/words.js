// @ts-check
// An action in words, as the table offers it when a player chooses one: the action's
// name (the panel's buttons) and the choices made on the way (the panel's options:
// "Column 3 (Sheriff)", "With the Mayor", "Slot 5"...). `street` and `saloon`: the
// deciding seat's cards then, to name the card each column held.

import { cardName, t, tokenName } from "../core/i18n.js";

const REACTION = new Set(["intercept", "cancel", "pass"]);

/** The parts of `action` after its name, in the order the table asks for them. */
function details(action, street) {
  const own = (col) => t("choice.ownCol", { col, card: cardName(street[col - 1]) });
  const target = (col) => t("analysis.target", { col });
  const calls = (call) => t("analysis.calls", { call: action.type === "take" ? tokenName(call) : cardName(call) });
  const mayor = action.mayor ? [t("choice.mayor")] : [];
  switch (action.type) {
    case "move":
      return [own(action.a), own(action.b), t(action.swap ? "choice.swap" : "choice.pretend")];
    case "saloon": {
      const rest = [action.card, street[action.a - 1], street[action.b - 1]];
      for (const gone of [action.to_saloon, action.at_a]) {
        const i = rest.indexOf(gone);
        if (i >= 0) rest.splice(i, 1);
      }
      return [
        t("choice.saloonCard", { card: cardName(action.card) }),
        t("choice.toSaloon", { card: cardName(action.to_saloon) }),
        t("choice.atA", { a: action.a, b: action.b, x: cardName(action.at_a), y: cardName(rest[0] ?? action.card) }),
      ];
    }
    case "look":
    case "reverend":
      return [own(action.col)];
    case "take":
    case "bandit":
      return [own(action.col), calls(action.call)];
    case "hitman":
      return [own(action.col), target(action.col)];
    case "sheriff":
    case "reporter":
      return [own(action.col), calls(action.call), ...mayor, target(action.target)];
    case "indian":
      return [own(action.col), ...mayor, target(action.target)];
    case "storekeep":
      return [
        own(action.col),
        ...mayor,
        t(action.supply ? "choice.supply" : "choice.exchange"),
        ...(action.slots || []).map((col) => t("choice.slot", { col })),
      ];
    case "dancer":
      return [own(action.col), target(action.from)];
    default:
      return [];
  }
}

/** `action` in words: "Take: Column 3 (Sheriff), calls Election". */
export function actionWords(action, street) {
  if (REACTION.has(action.type)) return t(`react.${action.type}`);
  const { type } = action;
  const parts = details(action, street);
  const name = t(`act.${type}`);
  return parts.length ? t("analysis.action", { act: name, details: parts.join(t("analysis.separator")) }) : name;
}
