/**
 * How long TitleDesk waits for the service to answer one request before it counts it as not
 * answered (a purchase POST then has an unknown outcome and is never sent again by itself). The
 * app counts down against it while a purchase is being sent.
 */
export const requestTimeoutMs = 30_000;
