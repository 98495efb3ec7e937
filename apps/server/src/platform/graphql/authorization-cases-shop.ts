import { call, NO_ID, type OperationCase, SHARED } from './authorization-cases';

/** The cases of a shop's own business: orders, exports, products, catalogue, onboarding, partner data, terms. */
const ADDRESS = { street: 'Hlavná 1', city: 'Bratislava', state: 'SK', zip: '811 01', types: ['BILLING_ADDRESS'] };
const CONTACT = {
  firstName: 'Eva',
  lastName: 'Malá',
  email: 'eva@zahrada-demo.sk',
  phone: '+421 901 123 456',
  roles: ['MANAGER'],
};

export const SHOP_CASES: Record<string, OperationCase> = {
  // Orders.
  'Query.order': {
    access: 'orders.read',
    foreign: call('query($id: ID!) { order(orderId: $id) { id } }', (f) => ({ id: f.order }), 'ORDER_NOT_FOUND'),
  },
  'Query.orderDestinationBranches': {
    access: 'orders.read',
    foreign: call(
      'query($id: ID!) { orderDestinationBranches(orderId: $id) { id } }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },
  'Query.ordersPickingList': {
    access: 'orders.read',
    foreign: call(
      'query($id: ID!) { ordersPickingList(orderIds: [$id]) { id } }',
      (f) => ({ id: f.order }),
      () => ({ ordersPickingList: [] }),
    ),
  },
  'Query.orders': { access: 'orders.read', foreign: NO_ID },
  'Query.orderStatusCounts': { access: 'orders.read', foreign: NO_ID },
  'Mutation.orderUpdate': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { orderUpdate(orderId: $id, data: { status: shipping }) { id } }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },
  'Mutation.ordersStatusUpdate': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { ordersStatusUpdate(orderIds: [$id], data: { status: shipping }) { outcome results { orderId ok code } } }',
      (f) => ({ id: f.order }),
      (f) => ({
        ordersStatusUpdate: {
          outcome: 'statusesUpdateErr',
          results: [{ orderId: f.order, ok: false, code: 'ORDER_NOT_FOUND' }],
        },
      }),
    ),
  },
  'Mutation.ordersShip': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { ordersShip(items: [{ orderId: $id, trackingNumber: "T-1" }]) { outcome results { orderId ok code } } }',
      (f) => ({ id: f.order }),
      (f) => ({
        ordersShip: {
          outcome: 'statusesUpdateErr',
          results: [{ orderId: f.order, ok: false, code: 'ORDER_NOT_FOUND' }],
        },
      }),
    ),
  },
  'Mutation.orderBranchUpdate': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { orderBranchUpdate(orderId: $id, branchId: "1") { __typename } }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },
  'Mutation.orderTestCreate': { access: 'orders.create', foreign: NO_ID },
  // Carrier branches and consignments (issue 19 point 6).
  'Query.carrierBranches': {
    access: 'orders.read',
    foreign: { none: "the carriers' pickup-point networks are the same for every partner" },
    sample: 'query { carrierBranches(country: "CZ") { nodes { id } } }',
  },
  'Mutation.orderUlozenkaRegister': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { orderUlozenkaRegister(orderId: $id) { orderId } }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },
  'Mutation.orderUlozenkaExport': {
    access: 'orders.update',
    foreign: call(
      'mutation($id: ID!) { orderUlozenkaExport(orderIds: [$id]) { exportId } }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },
  'Mutation.orderDeliveryNote': {
    access: 'orders.read',
    foreign: call(
      'mutation($id: ID!) { orderDeliveryNote(orderId: $id) }',
      (f) => ({ id: f.order }),
      'ORDER_NOT_FOUND',
    ),
  },

  // Exports: the kind decides the permission; a run is its account's.
  'Mutation.exportStart': {
    access: 'orders.read',
    foreign: NO_ID,
    sample: 'mutation { exportStart(kind: "orders", format: CSV) { __typename } }',
  },
  'Query.exportJob': {
    access: 'member',
    foreign: call('query($id: ID!) { exportJob(id: $id) { __typename } }', (f) => ({ id: f.exportRun }), 'NOT_FOUND'),
  },
  // Billing documents (issue 23): the selected partner's only; another's id or number is not found.
  'Query.invoices': { access: 'billing.read', foreign: NO_ID },
  'Query.invoice': {
    access: 'billing.read',
    foreign: call('query($id: ID!) { invoice(id: $id) { id } }', (f) => ({ id: f.invoice }), 'ENTITY_NOT_FOUND'),
  },
  'Query.offsets': { access: 'billing.read', foreign: NO_ID },
  'Query.offset': {
    access: 'billing.read',
    foreign: call(
      'query($n: String!) { offset(documentNumber: $n) { id } }',
      (f) => ({ n: f.offsetNumber }),
      'ENTITY_NOT_FOUND',
    ),
  },
  'Query.vatRates': { access: 'billing.read', foreign: NO_ID },
  // The billing export (issue 23 point 4): the range is the caller's partner's; an export is its account's.
  'Mutation.createInvoiceExport': { access: 'billing.read', foreign: NO_ID },
  'Query.billingExport': {
    access: 'billing.read',
    foreign: call(
      'query($id: ID!) { billingExport(id: $id) { id } }',
      (f) => ({ id: f.billingExport }),
      'EXPORT_NOT_FOUND',
    ),
  },

  // Products.
  'Query.product': {
    access: 'products.read',
    foreign: call(
      'query($id: ID!) { product(id: $id) { id } }',
      (f) => ({ id: f.product }),
      () => ({ product: null }),
    ),
  },
  'Query.productOptions': {
    access: 'products.read',
    foreign: call(
      'query($id: ID!) { productOptions(ids: [$id]) { id } }',
      (f) => ({ id: f.product }),
      () => ({ productOptions: [] }),
    ),
  },
  'Query.products': { access: 'products.read', foreign: NO_ID },
  'Query.productCounts': { access: 'products.read', foreign: NO_ID },
  'Query.productErrors': { access: 'products.read', foreign: NO_ID },
  'Query.productImportLatest': { access: 'products.read', foreign: NO_ID },
  'Mutation.productCreate': { access: 'products.create', foreign: NO_ID },
  'Mutation.productUpdate': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { id } }',
      (f) => ({ id: f.product, data: { id: f.product, productType: 'Mug' } }),
      'PRODUCT_NOT_FOUND',
    ),
  },
  'Mutation.productsDelete': {
    access: 'products.delete',
    foreign: call(
      'mutation($id: ID!) { productsDelete(ids: [$id]) }',
      (f) => ({ id: f.product }),
      () => ({ productsDelete: 0 }),
    ),
  },
  'Mutation.productCopy': {
    access: 'products.create',
    foreign: call(
      'mutation($id: ID!) { productCopy(id: $id, newId: "H7-COPY-1") { id } }',
      (f) => ({ id: f.product }),
      'PRODUCT_NOT_FOUND',
    ),
  },
  'Mutation.productsSetLive': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!) { productsSetLive(ids: [$id]) }',
      (f) => ({ id: f.product }),
      () => ({ productsSetLive: 0 }),
    ),
  },
  'Mutation.productsSetStatus': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!) { productsSetStatus(ids: [$id], status: INACTIVE) }',
      (f) => ({ id: f.product }),
      () => ({ productsSetStatus: 0 }),
    ),
  },
  'Mutation.productsActivateAll': { access: 'products.update', foreign: NO_ID },
  'Mutation.productsBatchApply': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!) { productsBatchApply(ids: [$id], field: "priority", value: 3) { __typename } }',
      (f) => ({ id: f.product }),
      // Queued for the caller's own partner, where no product has that id: the walk runs the job after.
      () => ({ productsBatchApply: { __typename: 'ProductJob' } }),
    ),
  },
  'Mutation.productsSendToApproval': { access: 'products.update', foreign: NO_ID },
  'Query.productPriceHolds': {
    access: 'products.read',
    foreign: call(
      'query($id: ID!) { productPriceHolds(sourceId: $id) { total items { productId } } }',
      (f) => ({ id: f.priceHold }),
      () => ({ productPriceHolds: { total: 0, items: [] } }),
    ),
  },
  'Mutation.productPriceHoldsApply': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!) { productPriceHoldsApply(sourceId: $id) { applied } }',
      (f) => ({ id: f.priceHold }),
      'NOT_FOUND',
    ),
  },
  'Mutation.productPriceHoldsDiscard': {
    access: 'products.update',
    foreign: call(
      'mutation($id: ID!) { productPriceHoldsDiscard(sourceId: $id) { discarded } }',
      (f) => ({ id: f.priceHold }),
      'NOT_FOUND',
    ),
  },

  // Catalogue and brands.
  'Query.taricCodes': { access: 'member', foreign: SHARED },
  'Query.productLabels': { access: 'member', foreign: SHARED },
  'Query.categoryTree': { access: 'catalog.read', foreign: SHARED },
  'Query.category': { access: 'catalog.read', foreign: SHARED },
  'Query.categorySearch': { access: 'catalog.read', foreign: SHARED },
  'Query.brands': { access: 'brands.read', foreign: SHARED },
  'Query.brandRequests': { access: 'brands.read', foreign: NO_ID },
  'Mutation.brandRequestCreate': { access: 'brands.create', foreign: NO_ID },
  'Query.slaStatistics': { access: 'sla.read', foreign: NO_ID },
  'Query.statistics': { access: 'statistics.read', foreign: NO_ID },

  // Onboarding, partner data and terms.
  'Query.workflow': { access: 'partner.read', foreign: NO_ID },
  'Query.checklist': { access: 'partner.read', foreign: NO_ID },
  'Mutation.changeWorkflow': { access: 'partner.update', foreign: NO_ID },
  'Query.contract': { access: 'partner.read', foreign: NO_ID },
  'Mutation.saveContract': { access: 'partner.update', foreign: NO_ID },
  'Query.partnerAddresses': { access: 'partner.read', foreign: NO_ID },
  'Query.addressesGrid': { access: 'partner.read', foreign: NO_ID },
  'Query.addressStateAllowed': { access: 'partner.read', foreign: NO_ID },
  'Mutation.saveAddress': {
    access: 'partner.create',
    foreign: call(
      'mutation($id: ID, $input: AddressInput!) { saveAddress(id: $id, input: $input) { id } }',
      (f) => ({ id: f.address, input: ADDRESS }),
      'ADDRESS_NOT_FOUND',
    ),
  },
  'Mutation.deleteAddress': {
    access: 'partner.delete',
    foreign: call('mutation($id: ID!) { deleteAddress(id: $id) }', (f) => ({ id: f.address }), 'ADDRESS_NOT_FOUND'),
  },
  'Query.partnerContacts': { access: 'partnerContacts.read', foreign: NO_ID },
  'Query.contactsGrid': { access: 'partnerContacts.read', foreign: NO_ID },
  'Mutation.saveContact': {
    access: 'partnerContacts.create',
    foreign: call(
      'mutation($id: ID, $input: ContactInput!) { saveContact(id: $id, input: $input) { id } }',
      (f) => ({ id: f.contact, input: CONTACT }),
      'CONTACT_NOT_FOUND',
    ),
  },
  'Mutation.deleteContact': {
    access: 'partnerContacts.delete',
    foreign: call('mutation($id: ID!) { deleteContact(id: $id) }', (f) => ({ id: f.contact }), 'CONTACT_NOT_FOUND'),
  },
  'Mutation.setConnectionType': { access: 'partner.update', foreign: NO_ID },
  'Query.integrationKind': { access: 'partner.read', foreign: NO_ID },
  'Mutation.setIntegrationKind': { access: 'partner.update', foreign: NO_ID },
  'Query.selfBilling': { access: 'billing.read|partner.read', foreign: NO_ID },
  'Mutation.requestSelfBilling': { access: 'billing.update|partner.update', foreign: NO_ID },
  'Query.shopProfile': { access: 'partner.read', foreign: NO_ID },
  'Mutation.setPublicTitle': { access: 'partner.update', foreign: NO_ID },
  'Mutation.removePartnerLogo': { access: 'partner.update', foreign: NO_ID },
  'Query.partnerPage': { access: 'partner.read', foreign: NO_ID },
  'Mutation.savePartnerPage': { access: 'partner.update', foreign: NO_ID },
  'Query.partnerDocuments': { access: 'partner.read', foreign: NO_ID },
  'Mutation.deletePartnerDocument': {
    access: 'partner.delete',
    foreign: call(
      'mutation($id: ID!) { deletePartnerDocument(id: $id) { id } }',
      (f) => ({ id: f.document }),
      'DOCUMENT_NOT_FOUND',
    ),
  },
  'Query.partnerDeliveries': { access: 'deliveries.read', foreign: NO_ID },
  'Query.warehouseSettings': { access: 'deliveries.read', foreign: NO_ID },
  'Query.warehouseCalendar': { access: 'deliveries.read', foreign: NO_ID },
  'Mutation.warehouseSettingsUpdate': { access: 'deliveries.update', foreign: NO_ID },
  'Query.deliveryCarriers': { access: 'deliveries.read', foreign: NO_ID },
  'Query.availableTransports': { access: 'deliveries.read', foreign: NO_ID },
  'Query.deliveriesGrid': { access: 'deliveries.read', foreign: NO_ID },
  'Query.delivery': {
    access: 'deliveries.read',
    foreign: call('query($id: ID!) { delivery(id: $id) { id } }', (f) => ({ id: f.delivery }), 'DELIVERY_NOT_FOUND'),
  },
  'Query.deliveryAlerts': { access: 'deliveries.read', foreign: NO_ID },
  'Mutation.saveDelivery': {
    access: 'deliveries.create',
    foreign: call(
      'mutation($id: ID, $input: DeliveryInput!) { saveDelivery(id: $id, input: $input) { id } }',
      (f) => ({
        id: f.delivery,
        input: { code: 'SPS_walk', title: 'SPS', transport: 'SPS', price: '3.50', deliveryDelay: 1 },
      }),
      'DELIVERY_NOT_FOUND',
    ),
  },
  'Mutation.deleteDelivery': {
    access: 'deliveries.delete',
    foreign: call('mutation($id: ID!) { deleteDelivery(id: $id) }', (f) => ({ id: f.delivery }), 'DELIVERY_NOT_FOUND'),
  },
  'Mutation.deliveryMallUpdate': {
    access: 'deliveries.update',
    foreign: call(
      'mutation($id: ID!, $input: DeliveryMallInput!) { deliveryMallUpdate(id: $id, input: $input) { id } }',
      (f) => ({ id: f.delivery, input: { mdpAllowed: false } }),
      'DELIVERY_NOT_FOUND',
    ),
  },
  // MALL Delivery (issue 19): the selected partner's own service; the DIP grid is scoped to it.
  'Query.mallDelivery': { access: 'deliveries.read', foreign: NO_ID },
  'Query.mallDeliveryRegisterBranches': { access: 'deliveries.read', foreign: NO_ID },
  'Query.dipDeliveries': { access: 'deliveries.read', foreign: NO_ID },
  'Mutation.mallDeliveryRequest': { access: 'deliveries.update', foreign: NO_ID },
  'Mutation.mallDeliveryConfigUpdate': { access: 'deliveries.update', foreign: NO_ID },
  'Mutation.spectrumConfigUpdate': { access: 'deliveries.update', foreign: NO_ID },
  'Query.businessTerms': { access: 'public', foreign: SHARED },
  'Query.businessTermsHistory': { access: 'public', foreign: SHARED },
  'Query.currentTerms': { access: 'partner.read', foreign: NO_ID },
  'Query.fees': { access: 'partner.read', foreign: NO_ID },
  // Price lists (issue 22): the selected partner's own standard list (brands and prices area).
  'Query.priceList': { access: 'brands.read', foreign: NO_ID },
  // Campaigns (issue 22): the marketplace's, read by every partner of their shops; imports are the partner's own.
  'Query.campaigns': { access: 'campaigns.read', foreign: NO_ID },
  'Query.campaign': {
    access: 'campaigns.read',
    foreign: call('query($id: ID!) { campaign(id: $id) { id } }', (f) => ({ id: f.campaign }), 'CAMPAIGN_NOT_FOUND'),
  },
  // Imports are the selected partner's: another shop's campaign lists none of the Czech shop's.
  'Query.campaignImports': {
    access: 'campaigns.read',
    foreign: call(
      'query($id: ID!) { campaignImports(campaignId: $id) { total } }',
      (f) => ({ id: f.campaign }),
      () => ({ campaignImports: { total: 0 } }),
    ),
  },
  'Query.campaignLastImport': {
    access: 'campaigns.read',
    foreign: call(
      'query($id: ID!) { campaignLastImport(campaignId: $id) { id } }',
      (f) => ({ id: f.campaign }),
      () => ({ campaignLastImport: null }),
    ),
  },
  'Query.campaignImportErrors': {
    access: 'campaigns.read',
    foreign: call(
      'query($id: ID!) { campaignImportErrors(importId: $id) { total } }',
      (f) => ({ id: f.campaignImport }),
      'NOT_FOUND',
    ),
  },
  // Heureka feed category pairing (issue 21): another partner's feed category is not found.
  'Query.heurekaCategories': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaCategorySummary': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaCategory': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaCategory(id: $id) { id } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Query.heurekaCategoryRecommendations': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaCategoryRecommendations(id: $id) { categoryId } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Mutation.heurekaCategoryPair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaCategoryPair(id: $id, categoryId: 1) { id } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Mutation.heurekaCategoryUnpair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaCategoryUnpair(id: $id) { id } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Mutation.heurekaCategoriesAutoPair': { access: 'heurekaFeed.update', foreign: NO_ID },
  // Heureka params-values and brand pairing (issue 21): another partner's name, value or manufacturer is not found.
  'Query.heurekaParamCategories': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaParams': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaParams(heurekaCategoryId: $id) { id } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Query.heurekaCategoryParameters': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaCategoryParameters(heurekaCategoryId: $id) { code } }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Query.heurekaParamRecommendations': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaParamRecommendations(id: $id) { score } }',
      (f) => ({ id: f.heurekaParam }),
      'HEUREKA_PARAM_NOT_FOUND',
    ),
  },
  'Query.heurekaParamValues': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaParamValues(paramId: $id) { id } }',
      (f) => ({ id: f.heurekaParam }),
      'HEUREKA_PARAM_NOT_FOUND',
    ),
  },
  'Query.heurekaBrands': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaBrandSummary': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaBrand': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaBrand(id: $id) { id } }',
      (f) => ({ id: f.heurekaBrand }),
      'HEUREKA_BRAND_NOT_FOUND',
    ),
  },
  'Query.heurekaBrandRecommendations': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($id: ID!) { heurekaBrandRecommendations(id: $id) { id } }',
      (f) => ({ id: f.heurekaBrand }),
      'HEUREKA_BRAND_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamPair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamPair(id: $id, parameterCode: "COLOR") { id } }',
      (f) => ({ id: f.heurekaParam }),
      'HEUREKA_PARAM_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamUnpair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamUnpair(id: $id) { id } }',
      (f) => ({ id: f.heurekaParam }),
      'HEUREKA_PARAM_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamsAutoPair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamsAutoPair(heurekaCategoryId: $id) }',
      (f) => ({ id: f.heurekaCategory }),
      'HEUREKA_CATEGORY_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamValuePair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamValuePair(id: $id, value: "BLACK") { id } }',
      (f) => ({ id: f.heurekaParamValue }),
      'HEUREKA_PARAM_VALUE_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamValueUnpair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamValueUnpair(id: $id) { id } }',
      (f) => ({ id: f.heurekaParamValue }),
      'HEUREKA_PARAM_VALUE_NOT_FOUND',
    ),
  },
  'Mutation.heurekaParamValueAutomatic': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaParamValueAutomatic(id: $id) { id } }',
      (f) => ({ id: f.heurekaParamValue }),
      'HEUREKA_PARAM_VALUE_NOT_FOUND',
    ),
  },
  'Mutation.heurekaBrandPair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaBrandPair(id: $id, brandId: "ABUS") { id } }',
      (f) => ({ id: f.heurekaBrand }),
      'HEUREKA_BRAND_NOT_FOUND',
    ),
  },
  'Mutation.heurekaBrandUnpair': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($id: ID!) { heurekaBrandUnpair(id: $id) { id } }',
      (f) => ({ id: f.heurekaBrand }),
      'HEUREKA_BRAND_NOT_FOUND',
    ),
  },
  // Requesting the brand needs the brands' create right too (the brands module's request checks it after).
  'Mutation.heurekaBrandRequest': {
    access: 'heurekaFeed.update',
    foreign: call(
      `mutation($id: ID!) { heurekaBrandRequest(id: $id, force: true, data: { name: "Walk Brand",
        manufacturer: { name: "Walk", street: "Dlouhá 1", city: "Praha", country: "CZ", zip: "110 00" } }) { brand { id } } }`,
      (f) => ({ id: f.heurekaBrand }),
      'HEUREKA_BRAND_NOT_FOUND',
    ),
  },
  'Mutation.heurekaBrandsAutoPair': { access: 'heurekaFeed.update', foreign: NO_ID },
  // Heureka feed overrides (issue 21): the grids are the selected partner's; a delete skips another's ids.
  'Query.heurekaCategoryOverrides': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaBoxOverrides': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaMediaOverrides': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Mutation.heurekaOverridesDelete': {
    access: 'heurekaFeed.update',
    foreign: call(
      'mutation($ids: [ID!]!) { heurekaOverridesDelete(kind: BOX, ids: $ids) }',
      (f) => ({ ids: [f.heurekaBoxOverride] }),
      () => ({ heurekaOverridesDelete: 0 }),
    ),
  },
  // MALL feed settings, runs and their logs (issue 21). The settings name the feed by type for the selected
  // partner; the walk gives the Czech shop a feed with one run (authorization.test.ts), and modules/feeds/*.test.ts
  // prove the same with runs made by the feed itself.
  'Query.mallFeedSettings': { access: 'mallFeed.read', foreign: NO_ID },
  'Query.mallFeedRuns': { access: 'mallFeed.read', foreign: NO_ID },
  'Query.mallFeedStats': { access: 'mallFeed.read', foreign: NO_ID, sample: '{ mallFeedStats(days: 7) { day } }' },
  'Query.mallFeedRun': {
    access: 'mallFeed.read',
    foreign: call(
      'query($f: ID!, $r: ID!) { mallFeedRun(feedId: $f, runId: $r) { id } }',
      (f) => ({ f: f.mallFeed, r: f.mallFeedRun }),
      'FEED_RUN_NOT_FOUND',
    ),
  },
  'Query.mallFeedRunErrors': {
    access: 'mallFeed.read',
    foreign: call(
      'query($f: ID!, $r: ID!) { mallFeedRunErrors(feedId: $f, runId: $r) { total } }',
      (f) => ({ f: f.mallFeed, r: f.mallFeedRun }),
      'FEED_RUN_NOT_FOUND',
    ),
  },
  'Mutation.mallFeedUpdate': { access: 'mallFeed.update', foreign: NO_ID },
  'Mutation.mallFeedValidate': { access: 'mallFeed.update', foreign: NO_ID },
  'Mutation.mallFeedEnqueue': { access: 'mallFeed.update', foreign: NO_ID },
  'Mutation.mallFeedReset': { access: 'mallFeed.update', foreign: NO_ID },
  // Heureka feed settings, runs and status (issue 21), as the MALL ones; the walk gives the Czech shop a Heureka
  // product feed with one run, and modules/feeds/heureka-settings.test.ts proves the same with real runs.
  'Query.heurekaFeedSettings': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaFeedStatus': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaFeedRuns': { access: 'heurekaFeed.read', foreign: NO_ID },
  'Query.heurekaFeedStats': {
    access: 'heurekaFeed.read',
    foreign: NO_ID,
    sample: '{ heurekaFeedStats(days: 7) { day } }',
  },
  'Query.heurekaFeedRun': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($f: ID!, $r: ID!) { heurekaFeedRun(feedId: $f, runId: $r) { id } }',
      (f) => ({ f: f.heurekaFeed, r: f.heurekaFeedRun }),
      'FEED_RUN_NOT_FOUND',
    ),
  },
  'Query.heurekaFeedRunErrors': {
    access: 'heurekaFeed.read',
    foreign: call(
      'query($f: ID!, $r: ID!) { heurekaFeedRunErrors(feedId: $f, runId: $r) { total } }',
      (f) => ({ f: f.heurekaFeed, r: f.heurekaFeedRun }),
      'FEED_RUN_NOT_FOUND',
    ),
  },
  'Mutation.heurekaFeedUpdate': { access: 'heurekaFeed.update', foreign: NO_ID },
  'Mutation.heurekaFeedOptionsUpdate': { access: 'heurekaFeed.update', foreign: NO_ID },
  'Mutation.heurekaFeedValidate': { access: 'heurekaFeed.update', foreign: NO_ID },
  'Mutation.heurekaFeedEnqueue': { access: 'heurekaFeed.update', foreign: NO_ID },
  'Mutation.heurekaFeedReset': { access: 'heurekaFeed.update', foreign: NO_ID },
  'Mutation.agreeToTerms': {
    access: 'partner.update',
    foreign: call(
      'mutation($id: ID!) { agreeToTerms(contentId: $id, names: "Eva Malá") { id } }',
      (f) => ({ id: f.termsContent }),
      'TERMS_NOT_FOUND',
    ),
  },
};
