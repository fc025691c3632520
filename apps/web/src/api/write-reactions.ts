/**
 * A screen's own reaction to one of its writes (moving on to the next step, showing an error),
 * handed to the role's mutation hook. The hook owns what the write does to the cache and runs
 * the reaction beside it, at the point the screen needs (each hook says where); screens never
 * update the cache themselves. Unlike callbacks given to `mutate`, these run for every call,
 * also for two quick ones in a row, and also when the screen has moved on meanwhile.
 */
export interface WriteReactions<TData = unknown, TVariables = void> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  onSettled?: () => unknown;
}
