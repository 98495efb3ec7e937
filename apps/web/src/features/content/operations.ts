import { graphql, type ResultOf } from '../../graphql/graphql';

const ServiceFields = graphql(`
  fragment ServiceFields on Service @_unmask {
    id
    serviceName
    provider
    link
    lang
    title
    summary
    body
    price
  }
`);
export type ServiceData = ResultOf<typeof ServiceFields>;

export const ServicesQuery = graphql(`query Services { services { ...ServiceFields } }`, [ServiceFields]);
export const ServiceQuery = graphql(
  `query Service($serviceName: String!) { service(serviceName: $serviceName) { ...ServiceFields } }`,
  [ServiceFields],
);
export const PublicServicesQuery = graphql(`query PublicServices { publicServices { ...ServiceFields } }`, [
  ServiceFields,
]);
export const PublicServiceQuery = graphql(
  `query PublicService($serviceName: String!) { publicService(serviceName: $serviceName) { ...ServiceFields } }`,
  [ServiceFields],
);

export const ContentPageQuery = graphql(`
  query ContentPage($key: String!) { contentPage(key: $key) { key lang title body } }
`);

export const FaqQuery = graphql(`
  query Faq($search: String, $topic: String) { faq(search: $search, topic: $topic) { id topic lang question answer } }
`);
export type FaqEntry = ResultOf<typeof FaqQuery>['faq'][number];

export const FinancingLinkMutation = graphql(`mutation FinancingLink { financingLink }`);

// The cockpit's documents (features/cockpit/Content*.tsx).
export const CockpitServicesQuery = graphql(`
  query CockpitServices {
    cockpitServices { id serviceName provider link position active updated texts { lang title summary body price } }
  }
`);
export type CockpitService = ResultOf<typeof CockpitServicesQuery>['cockpitServices'][number];

export const CockpitSaveServiceMutation = graphql(`
  mutation CockpitSaveService($id: ID, $input: ServiceInput!) { cockpitSaveService(id: $id, input: $input) { id } }
`);
export const CockpitSetServiceActiveMutation = graphql(`
  mutation CockpitSetServiceActive($id: ID!, $active: Boolean!) { cockpitSetServiceActive(id: $id, active: $active) }
`);
export const CockpitOrderServicesMutation = graphql(`
  mutation CockpitOrderServices($ids: [ID!]!) { cockpitOrderServices(ids: $ids) { id } }
`);

export const CockpitContentPagesQuery = graphql(`
  query CockpitContentPages { cockpitContentPages { key texts { lang title body } } }
`);
export type CockpitContentPage = ResultOf<typeof CockpitContentPagesQuery>['cockpitContentPages'][number];
export const CockpitSaveContentPageMutation = graphql(`
  mutation CockpitSaveContentPage($input: ContentPageInput!) { cockpitSaveContentPage(input: $input) { key } }
`);

export const CockpitFaqQuery = graphql(`
  query CockpitFaq { cockpitFaq { id topic position published updated texts { lang question answer } } }
`);
export type CockpitFaqEntry = ResultOf<typeof CockpitFaqQuery>['cockpitFaq'][number];
export const CockpitSaveFaqMutation = graphql(`
  mutation CockpitSaveFaq($id: ID, $input: FaqInput!) { cockpitSaveFaq(id: $id, input: $input) { id } }
`);
export const CockpitSetFaqPublishedMutation = graphql(`
  mutation CockpitSetFaqPublished($id: ID!, $published: Boolean!) { cockpitSetFaqPublished(id: $id, published: $published) }
`);
