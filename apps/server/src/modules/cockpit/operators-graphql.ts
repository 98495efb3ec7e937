import { builder, idArg } from '../../platform/graphql/builder';
import {
  cockpitInviteOperator,
  cockpitOperators,
  cockpitResendOperatorInvite,
  cockpitSetOperatorActive,
  cockpitSetOperatorRoles,
  type OperatorView,
} from './operators';

const OperatorRef = builder.objectRef<OperatorView>('Operator').implement({
  description: "One of the marketplace's operators, with the roles that decide what it may do in the cockpit.",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    lang: t.exposeString('lang'),
    roles: t.stringList({ resolve: (o) => o.roles }),
    isActive: t.exposeBoolean('isActive'),
    isConfirmed: t.exposeBoolean('isConfirmed', { description: 'False until the invited operator chose a password.' }),
    lastSignIn: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.lastSignIn }),
  }),
});

const OperatorInviteInput = builder.inputType('OperatorInviteInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    lang: t.string({ required: true }),
    roles: t.stringList({ required: true }),
  }),
});

builder.queryField('cockpitOperators', (t) =>
  t.field({
    type: [OperatorRef],
    description: 'Administrators: every operator, active first.',
    resolve: (_, __, ctx) => cockpitOperators(ctx),
  }),
);

builder.mutationFields((t) => ({
  cockpitInviteOperator: t.field({
    type: OperatorRef,
    description: 'Administrators: a new operator with its roles; the invitation mail lets it choose a password.',
    args: { input: t.arg({ type: OperatorInviteInput, required: true }) },
    resolve: (_, args, ctx) => cockpitInviteOperator(ctx, args.input),
  }),
  cockpitSetOperatorRoles: t.field({
    type: OperatorRef,
    description: "Administrators: an operator's roles (OPERATOR_ROLES); its impersonations end.",
    args: { id: t.arg.id({ required: true }), roles: t.arg.stringList({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetOperatorRoles(ctx, idArg(args.id), args.roles),
  }),
  cockpitSetOperatorActive: t.field({
    type: OperatorRef,
    description: 'Administrators: deactivates an operator (its sessions end) or lets it sign in again.',
    args: { id: t.arg.id({ required: true }), active: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetOperatorActive(ctx, idArg(args.id), args.active),
  }),
  cockpitResendOperatorInvite: t.field({
    type: 'Boolean',
    description: 'Administrators: a fresh invitation link for an operator who has not chosen a password yet.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitResendOperatorInvite(ctx, idArg(args.id)),
  }),
}));
