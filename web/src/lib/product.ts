/** The product's name, in one place: Kasuwa, Hausa for "market" (docs/product-rules.md). */
export const PRODUCT_NAME = 'Kasuwa';
