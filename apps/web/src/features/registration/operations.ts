import { graphql } from '../../graphql/graphql';
import { SessionFields } from '../auth/operations';

export const RegistrationAvailabilityQuery = graphql(`
  query RegistrationAvailability($email: String, $shopId: String, $companyName: String, $publicTitle: String) {
    registrationAvailability(email: $email, shopId: $shopId, companyName: $companyName, publicTitle: $publicTitle) {
      email
      companyName
      publicTitle
    }
  }
`);

export const CompanyLookupQuery = graphql(`
  query CompanyLookup($country: String!, $companyId: String!) {
    companyLookup(country: $country, companyId: $companyId) {
      name
      companyId
      vatId
      street
      city
      zip
      country
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegistrationInput!) {
    register(input: $input)
  }
`);

export const ConfirmRegistrationMutation = graphql(`
  mutation ConfirmRegistration($token: String!) {
    confirmRegistration(token: $token) {
      passwordToken
      loginToken
    }
  }
`);

export const CompleteRegistrationMutation = graphql(
  `
  mutation CompleteRegistration($passwordToken: String!, $loginToken: String!, $password: String!, $passwordRepeat: String!) {
    completeRegistration(passwordToken: $passwordToken, loginToken: $loginToken, password: $password, passwordRepeat: $passwordRepeat) {
      token
      session { ...SessionFields }
    }
  }
`,
  [SessionFields],
);
