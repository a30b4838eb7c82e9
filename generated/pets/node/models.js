/** The values of `PetStatus` the SDK knows of; others may come. */
export const PetStatus = Object.freeze({
  Available: "available",
  Pending: "pending",
  Sold: "sold",
});
