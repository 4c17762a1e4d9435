// The `api` edge function: the product's /api/* surface and the logic that needs more than one SQL call.
// Thin: each route validates its input and calls one SQL function with the caller's JWT, so row-level
// security decides.
import { customerStatement, publicStatement, revokeStatementShares, shareStatement } from './statements.ts';
import { allowedOrigins, corsHeaders } from '../_shared/cors.ts';
import { AppError, errorResponse } from '../_shared/errors.ts';
import {
  getAccountingSummary,
  listExpenses,
  recordExpense,
  reverseExpense,
  updateExpense,
} from './accounting.ts';
import { currentUser, login, loginPage, logoutPage } from './auth.ts';
import { completeRegistration, register } from './registration.ts';
import {
  createOrganization,
  getOrganization,
  listMembers,
  updateOrganization,
  updateProfile,
  deleteOrganization,
  getPlan,
  getBusinessProfile,
  updateBusinessProfile,
} from './organizations.ts';
import {
  adjustStock,
  createProduct,
  deleteProduct,
  getProduct,
  importProducts,
  listProducts,
  listStockMoves,
  updateProduct,
} from './products.ts';
import {
  approvePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  listSuppliers,
  receivePurchaseOrder,
  saveSupplier,
} from './purchasing.ts';
import { getMetrics, getReport } from './reports.ts';
import { listAudit } from './audit.ts';
import { getDashboard } from './dashboard.ts';
import {
  addLeadNote,
  createLead,
  getLead,
  leadSummary,
  listLeadNotes,
  listLeads,
  updateLead,
} from './leads.ts';
import { sendMailJob } from './mail.ts';
import { getPaymentReminders, updatePaymentReminders } from './reminders.ts';
import { Router } from './router.ts';
import { createPlan, listPlans, updatePlan } from './plans.ts';
import {
  cancelSubscription,
  getSubscription,
  listSubscriptions,
  pauseSubscription,
  resumeSubscription,
  subscribe,
  updateSubscription,
} from './subscriptions.ts';
import {
  createCreditNote,
  publicCreditNote,
  revokeCreditNoteShares,
  shareCreditNote,
} from './credit-notes.ts';
import { createCustomer, deleteCustomer, listCustomers, mergeCustomer, updateCustomer } from './customers.ts';
import { sendDocumentMail } from './document-mails.ts';
import { deletePayment, listPayments, recordPayment, recordRefund, reversePayment } from './payments.ts';
import {
  createInvoice,
  getInvoice,
  issueInvoice,
  listInvoices,
  publicInvoice,
  revokeInvoiceShares,
  shareInvoice,
  updateQuote,
  voidInvoice,
} from './invoices.ts';
import {
  acceptInvitation,
  createEmployee,
  createInvitation,
  getPreferences,
  listEmployees,
  listInvitations,
  previewInvitation,
  removeMember,
  revokeInvitation,
  updateEmployee,
  updateMember,
  updatePreferences,
} from './team.ts';

const ALLOWED_ORIGINS = allowedOrigins(Deno.env.get('ALLOWED_ORIGINS'));

const router = new Router()
  .on('GET', '/api/health', () => Response.json({ status: 'ok' }))
  .on('GET', '/api/login', loginPage)
  .on('GET', '/api/logout', logoutPage)
  .on('POST', '/api/auth/register', register)
  .on('POST', '/api/auth/register/complete', completeRegistration)
  .on('POST', '/api/auth/login', login)
  .on('GET', '/api/auth/user', currentUser)
  .on('POST', '/api/organizations', createOrganization)
  .on('GET', '/api/organizations/:id', getOrganization)
  .on('PUT', '/api/organizations/:id', updateOrganization)
  .on('DELETE', '/api/organizations/:id', deleteOrganization)
  .on('GET', '/api/organizations/:id/plan', getPlan)
  .on('GET', '/api/organizations/:id/profile', getBusinessProfile)
  .on('PUT', '/api/organizations/:id/profile', updateBusinessProfile)
  .on('GET', '/api/organizations/:id/payment-reminders', getPaymentReminders)
  .on('PUT', '/api/organizations/:id/payment-reminders', updatePaymentReminders)
  .on('GET', '/api/organizations/:id/members', listMembers)
  .on('PUT', '/api/organizations/:id/members/:memberId', updateMember)
  .on('DELETE', '/api/organizations/:id/members/:memberId', removeMember)
  .on('GET', '/api/organizations/:id/invitations', listInvitations)
  .on('POST', '/api/organizations/:id/invitations', createInvitation)
  .on('DELETE', '/api/organizations/:id/invitations/:invitationId', revokeInvitation)
  .on('GET', '/api/invitations/:token', previewInvitation)
  .on('POST', '/api/invitations/:token/accept', acceptInvitation)
  .on('GET', '/api/employees', listEmployees)
  .on('POST', '/api/employees', createEmployee)
  .on('PUT', '/api/employees/:id', updateEmployee)
  .on('GET', '/api/preferences', getPreferences)
  .on('PUT', '/api/preferences', updatePreferences)
  .on('PUT', '/api/profile', updateProfile)
  .on('GET', '/api/products', listProducts)
  .on('POST', '/api/products', createProduct)
  .on('POST', '/api/products/import', importProducts)
  .on('GET', '/api/products/:id', getProduct)
  .on('PUT', '/api/products/:id', updateProduct)
  .on('DELETE', '/api/products/:id', deleteProduct)
  .on('GET', '/api/products/:id/moves', listStockMoves)
  .on('POST', '/api/products/:id/adjustments', adjustStock)
  .on('GET', '/api/suppliers', listSuppliers)
  .on('POST', '/api/suppliers', saveSupplier)
  .on('PUT', '/api/suppliers/:id', saveSupplier)
  .on('GET', '/api/purchase-orders', listPurchaseOrders)
  .on('POST', '/api/purchase-orders', createPurchaseOrder)
  .on('GET', '/api/purchase-orders/:id', getPurchaseOrder)
  .on('POST', '/api/purchase-orders/:id/approve', approvePurchaseOrder)
  .on('POST', '/api/purchase-orders/:id/receive', receivePurchaseOrder)
  .on('GET', '/api/customers', listCustomers)
  .on('POST', '/api/customers', createCustomer)
  .on('PUT', '/api/customers/:id', updateCustomer)
  .on('DELETE', '/api/customers/:id', deleteCustomer)
  .on('POST', '/api/customers/:id/merge', mergeCustomer)
  .on('GET', '/api/invoices', listInvoices)
  .on('POST', '/api/invoices', createInvoice)
  .on('GET', '/api/invoices/:id', getInvoice)
  .on('PUT', '/api/invoices/:id', updateQuote)
  .on('POST', '/api/invoices/:id/issue', issueInvoice)
  .on('POST', '/api/invoices/:id/void', voidInvoice)
  .on('POST', '/api/invoices/:id/share', shareInvoice)
  .on('DELETE', '/api/invoices/:id/share', revokeInvoiceShares)
  .on('POST', '/api/invoices/:id/credit-notes', createCreditNote)
  .on('POST', '/api/credit-notes/:id/refunds', recordRefund)
  .on('GET', '/api/public/invoices/:token', publicInvoice)
  .on('POST', '/api/credit-notes/:id/share', shareCreditNote)
  .on('DELETE', '/api/credit-notes/:id/share', revokeCreditNoteShares)
  .on('GET', '/api/public/credit-notes/:token', publicCreditNote)
  .on('POST', '/api/document-mails', sendDocumentMail)
  .on('GET', '/api/customers/:id/statement', customerStatement)
  .on('POST', '/api/customers/:id/statement/share', shareStatement)
  .on('DELETE', '/api/customers/:id/statement/share', revokeStatementShares)
  .on('GET', '/api/public/statements/:token', publicStatement)
  .on('GET', '/api/payments', listPayments)
  .on('POST', '/api/payments', recordPayment)
  .on('POST', '/api/payments/:id/reverse', reversePayment)
  .on('DELETE', '/api/payments/:id', deletePayment)
  .on('GET', '/api/reports/metrics', getMetrics)
  .on('GET', '/api/dashboard', getDashboard)
  .on('GET', '/api/audit', listAudit)
  .on('GET', '/api/leads', listLeads)
  .on('GET', '/api/leads/summary', leadSummary)
  .on('GET', '/api/leads/:id', getLead)
  .on('POST', '/api/leads', createLead)
  .on('PUT', '/api/leads/:id', updateLead)
  .on('GET', '/api/leads/:id/notes', listLeadNotes)
  .on('POST', '/api/leads/:id/notes', addLeadNote)
  .on('GET', '/api/expenses', listExpenses)
  .on('POST', '/api/expenses', recordExpense)
  .on('PUT', '/api/expenses/:id', updateExpense)
  .on('POST', '/api/expenses/:id/reverse', reverseExpense)
  .on('GET', '/api/accounting/summary', getAccountingSummary)
  .on('GET', '/api/subscription-plans', listPlans)
  .on('POST', '/api/subscription-plans', createPlan)
  .on('PUT', '/api/subscription-plans/:id', updatePlan)
  .on('GET', '/api/subscriptions', listSubscriptions)
  .on('POST', '/api/subscriptions', subscribe)
  .on('GET', '/api/subscriptions/:id', getSubscription)
  .on('PUT', '/api/subscriptions/:id', updateSubscription)
  .on('POST', '/api/subscriptions/:id/pause', pauseSubscription)
  .on('POST', '/api/subscriptions/:id/resume', resumeSubscription)
  .on('POST', '/api/subscriptions/:id/cancel', cancelSubscription)
  .on('GET', '/api/reports/:type', getReport)
  .on('POST', '/api/jobs/send-mail', sendMailJob);

Deno.serve(async (req) => {
  const cors = corsHeaders(req.headers.get('origin'), ALLOWED_ORIGINS);
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  const url = new URL(req.url);
  // Reached as /api/… through the app's origin, or as /functions/v1/api/… (seen here as /api/…).
  const match = router.match(req.method, url.pathname);
  try {
    if (match === 400)
      throw new AppError('BAD_REQUEST', 'The address is not valid', undefined, { reason: 'MALFORMED_URL' });
    if (match === 404) throw new AppError('NOT_FOUND', `No route for ${url.pathname}`);
    if (match === 405)
      throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}`);
    const res = await match.handler(req, match.params);
    for (const [k, v] of Object.entries(cors)) res.headers.set(k, v);
    return res;
  } catch (e) {
    return errorResponse(e, cors);
  }
});
