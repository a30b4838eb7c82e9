"use strict";
/** The values of `AccountInputPlan` the SDK knows of; others may come. */
const AccountInputPlan = Object.freeze({
  Free: "free",
  Team: "team",
  Enterprise: "enterprise",
});

/** The values of `AccountInputPlan2` the SDK knows of; others may come. */
const AccountInputPlan2 = Object.freeze({
  Free: "free",
  Team: "team",
  Enterprise: "enterprise",
});

/** The values of `ActivityEntryKind` the SDK knows of; others may come. */
const ActivityEntryKind = Object.freeze({
  Note: "note",
  Charge: "charge",
  CreditUsed: "credit_used",
  LimitsChanged: "limits_changed",
});

/** The values of `ChargeStatus` the SDK knows of; others may come. */
const ChargeStatus = Object.freeze({
  Succeeded: "succeeded",
  Failed: "failed",
});

module.exports = {
  AccountInputPlan,
  AccountInputPlan2,
  ActivityEntryKind,
  ChargeStatus,
};
