"use strict";
/** The values of `PetStatus` the SDK knows of; others may come. */
const PetStatus = Object.freeze({
  Available: "available",
  Pending: "pending",
  Sold: "sold",
});

module.exports = {
  PetStatus,
};
