//! A connection whose peer stops reading is closed: [`Stalling`] wraps the socket and fails a
//! write that has made no progress for [`HttpConfig::write_timeout`](super::HttpConfig::write_timeout).
//!
//! Without it, a client that pipelines requests for large answers (the viewer resource is
//! about 270 KB) on a connection with a tiny receive window, and never reads, holds the
//! connection, its slot and the queued answers for good: 64 such connections from one
//! address still stood after ten minutes (issue 38). A stream that is idle (an SSE stream
//! between events, a kept-alive connection between requests) is not writing, so no deadline
//! runs for it.
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A socket whose writes fail with [`io::ErrorKind::TimedOut`] once one has waited `limit`
/// without the peer taking a byte.
pub(super) struct Stalling<S> {
    inner: S,
    limit: Duration,
    /// Armed while a write is pending; reset whenever bytes go out.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<S> Stalling<S> {
    pub(super) fn new(inner: S, limit: Duration) -> Self {
        Stalling {
            inner,
            limit,
            deadline: None,
        }
    }

    /// After a pending write: arms the deadline if it is not running, and fails once it
    /// has passed (the timer wakes the task then).
    fn check(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let limit = self.limit;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + limit)));
        ready!(deadline.as_mut().poll(cx));
        Poll::Ready(io::Error::new(
            io::ErrorKind::TimedOut,
            "the peer took no byte of the answer within the write timeout",
        ))
    }

    /// The outcome of a write: progress disarms the deadline, a pending write checks it.
    fn written<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Pending => self.check(cx).map(Err),
            ready => {
                self.deadline = None;
                ready
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Stalling<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Stalling<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.written(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.written(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.written(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn a_write_the_peer_never_takes_fails_after_the_limit() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut near = Stalling::new(near, Duration::from_secs(30));
        let started = Instant::now();
        let error = near.write_all(&[7; 1024]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), Duration::from_secs(30));
        // What fitted in the pipe did go out.
        let mut got = [0; 64];
        far.read_exact(&mut got).await.unwrap();
        assert_eq!(got, [7; 64]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_reader_that_keeps_reading_is_not_cut_off() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut near = Stalling::new(near, Duration::from_secs(30));
        let reader = tokio::spawn(async move {
            let mut got = Vec::new();
            let mut chunk = [0; 64];
            while got.len() < 1024 {
                // 20 s between reads: each under the limit, 5 minutes in all.
                tokio::time::sleep(Duration::from_secs(20)).await;
                let n = far.read(&mut chunk).await.unwrap();
                got.extend_from_slice(&chunk[..n]);
            }
            got.len()
        });
        near.write_all(&[7; 1024]).await.unwrap();
        assert_eq!(reader.await.unwrap(), 1024);
    }
}
