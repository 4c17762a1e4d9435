/** The product's name, in one place (PRODUCT-DECISIONS: Kasuwa, Hausa for "market"). */
export const PRODUCT_NAME = 'Kasuwa';
