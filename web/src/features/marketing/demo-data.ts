// Fixed sample data for the public demo (/demo), in GHS: the same for every visitor, read from no server.
export const DEMO_METRICS = { revenue: 12450, customers: 38, pendingInvoices: 7, lowStock: 3 };

export const DEMO_PRODUCTS = [
  { name: 'Royal Aroma Rice 5kg', sku: 'RICE-RA-5', stock: 42, price: 125 },
  { name: 'Frytol Cooking Oil 1L', sku: 'OIL-FRY-1', stock: 8, price: 36.5 },
  { name: 'Milo 400g Tin', sku: 'MILO-400', stock: 0, price: 55 },
  { name: 'Paracetamol 500mg (10)', sku: 'PARA-500', stock: 120, price: 5 },
];

export const DEMO_INVOICES = [
  { number: 'INV-000124', customer: 'Adjoa Boateng', total: 450, status: 'PAID' },
  { number: 'INV-000125', customer: 'Kofi Owusu Enterprise', total: 1280, status: 'ISSUED' },
  { number: 'INV-000126', customer: 'Osu Mini Mart', total: 310.5, status: 'QUOTE' },
];

export const DEMO_LEADS = [
  { name: 'School term supplies', company: "St. Mary's School", stage: 'PROPOSAL', value: 15000 },
  { name: 'Bulk rice order', company: 'Tema Catering', stage: 'QUALIFIED', value: 9800 },
  { name: 'Office tea and snacks', company: 'Airport City Offices', stage: 'PROSPECT', value: 1200 },
];

export const LOW_STOCK_THRESHOLD = 10;
