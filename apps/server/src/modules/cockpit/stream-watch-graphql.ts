import { builder, idArg } from '../../platform/graphql/builder';
import { cockpitStreamWatch, type StreamWatch } from './stream-watch';

const StreamWatchRef = builder.objectRef<StreamWatch>('StreamWatch').implement({
  description: "An operator's login to stream: a single-use token for one socket listening to the partner's events.",
  fields: (t) => ({
    token: t.exposeString('token', {
      description: "Opens /v1/stream-api/{token}/ws once; the socket then logs in with the operator's own session.",
    }),
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
  }),
});

builder.mutationFields((t) => ({
  cockpitStreamWatch: t.field({
    type: StreamWatchRef,
    description:
      "Operators (impersonation read): the administrator's login to stream — a watch of one partner's live events, audited.",
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitStreamWatch(ctx, idArg(args.partnerId, 'partnerId')),
  }),
}));
