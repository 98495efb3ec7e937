/**
 * Tables of the deliveries area (issue 19). The partner's delivery methods stay in partner/tables.ts
 * (`partner_deliveries`), where onboarding made them first.
 */

// --- Warehouse settings and the working-day calendar ---

// --- Carrier branches (pickup points) ---

// --- MALL Delivery and Spectrum/DIP ---

// --- Orders from the marketplace (intake) ---

export {};
