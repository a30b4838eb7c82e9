// Converts between this SDK's camelCase models and the API's names on the
// wire. Internal: the resources call these; models.d.ts has the shapes.
//
// Each table row is [wire name, SDK name, fromWire, toWire]; only the fields
// that change on the way are listed. Properties not in a table (newer fields
// of the API, or extra properties) are copied as they are.

export {};
