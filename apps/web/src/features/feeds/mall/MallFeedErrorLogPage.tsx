import { useParams } from '@tanstack/react-router';
import { api } from '../../../app/api/api';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedErrorLog } from '../runs/FeedErrorLog';
import { feedProtocolPath, MALL_FEED_KEYS, MallFeedRunErrorsQuery, MallFeedRunQuery } from './operations';

/** `mall-feed/stats/feed/{feedId}/job/{jobId}/error-log`: the items one run refused, with the protocol to download. */
export function MallFeedErrorLogPage() {
  useDocumentTitle('mallFeedErrorLog');
  const { feedId, jobId } = useParams({ strict: false }) as { feedId: string; jobId: string };
  return (
    <FeedErrorLog
      format="MALL"
      feedId={feedId}
      runId={jobId}
      runKey={MALL_FEED_KEYS.run(feedId, jobId)}
      errorsKey={MALL_FEED_KEYS.errors(feedId, jobId)}
      loadRun={(signal) =>
        api.request(MallFeedRunQuery, { feedId, runId: jobId }, { signal }).then((r) => r.mallFeedRun)
      }
      loadErrors={(grid, signal) =>
        api.request(MallFeedRunErrorsQuery, { feedId, runId: jobId, grid }, { signal }).then((r) => r.mallFeedRunErrors)
      }
      protocolPath={feedProtocolPath(feedId, jobId)}
    />
  );
}
