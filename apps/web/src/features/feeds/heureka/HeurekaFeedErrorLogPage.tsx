import { useParams } from '@tanstack/react-router';
import { api } from '../../../app/api/api';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedErrorLog } from '../runs/FeedErrorLog';
import { HEUREKA_FEED_KEYS, HeurekaFeedRunErrorsQuery, HeurekaFeedRunQuery, heurekaProtocolPath } from './operations';

/** `heureka-feed/status/feed/{feedId}/job/{jobId}/error-log`: the items one Heureka run refused, and its protocol. */
export function HeurekaFeedErrorLogPage() {
  useDocumentTitle('mallFeedErrorLog');
  const { feedId, jobId } = useParams({ strict: false }) as { feedId: string; jobId: string };
  return (
    <FeedErrorLog
      format="HEUREKA"
      feedId={feedId}
      runId={jobId}
      runKey={HEUREKA_FEED_KEYS.run(feedId, jobId)}
      errorsKey={HEUREKA_FEED_KEYS.errors(feedId, jobId)}
      loadRun={(signal) =>
        api.request(HeurekaFeedRunQuery, { feedId, runId: jobId }, { signal }).then((r) => r.heurekaFeedRun)
      }
      loadErrors={(grid, signal) =>
        api
          .request(HeurekaFeedRunErrorsQuery, { feedId, runId: jobId, grid }, { signal })
          .then((r) => r.heurekaFeedRunErrors)
      }
      protocolPath={heurekaProtocolPath(feedId, jobId)}
    />
  );
}
