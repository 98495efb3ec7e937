import { processHeurekaAvailability } from './heureka-availability';
import { processHeurekaProducts } from './heureka-products';
import { processMallAvailability } from './mall-availability';
import { processMallProducts } from './mall-products';
import type { FeedFormat, FeedProcessor, FeedType } from './run-types';

/**
 * Which processor reads which feed. The processors live beside this (the marketplace's and Heureka's feeds)
 * and are wired here once; `registerFeedProcessor` is also the one injection point a test may use to run a
 * feed through a processor of its own.
 */
const processors = new Map<string, FeedProcessor>([
  ['MALL:PRODUCTS', processMallProducts],
  ['MALL:AVAILABILITY', processMallAvailability],
  ['HEUREKA:PRODUCTS', processHeurekaProducts],
  ['HEUREKA:AVAILABILITY', processHeurekaAvailability],
]);

export function registerFeedProcessor(format: FeedFormat, type: FeedType, processor: FeedProcessor): void {
  processors.set(`${format}:${type}`, processor);
}

export function feedProcessorOf(format: FeedFormat, type: FeedType): FeedProcessor | undefined {
  return processors.get(`${format}:${type}`);
}
