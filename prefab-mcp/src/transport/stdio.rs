//! Serving over standard input/output, or any pair of byte streams, one JSON-RPC message
//! per line.
//!
//! Lines are read here under a length cap before rmcp sees them: rmcp drops an over-long
//! line without a word, so the client would wait forever. Such a line is answered with a
//! `-32600` error instead (without `id`, which was never read) and skipped without being
//! buffered. Every other line, and every answer, passes unchanged.
use super::TransportError;
use super::rpc_error::error_json;
use rmcp::model::ErrorData;
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::{ServerHandler, ServiceExt};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The longest line accepted by [`serve_stdio`], newline included: rmcp's own limit
/// (16 MiB).
pub const MAX_LINE_BYTES: usize = rmcp::transport::async_rw::DEFAULT_MAX_LINE_LENGTH;

/// Bytes buffered between the line reader, rmcp and the writer.
const PIPE_BYTES: usize = 64 * 1024;

/// Serves `handler` over standard input/output until the client closes the stream.
///
/// ```no_run
/// # async fn run() -> Result<(), prefab_mcp::transport::TransportError> {
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// prefab_mcp::transport::serve_stdio(prefab_mcp::Viewer::new().attach(MyServer)).await
/// # }
/// ```
///
/// # Errors
/// When the MCP handshake fails or the service task ends abnormally.
pub async fn serve_stdio<H: ServerHandler>(handler: H) -> Result<(), TransportError> {
    let (input, output) = rmcp::transport::stdio();
    serve_lines(handler, input, output, MAX_LINE_BYTES).await
}

/// Serves `handler` over newline-delimited JSON-RPC on `input` and `output` until `input`
/// ends. A line longer than `max_line_bytes` (newline included) is answered with a
/// `-32600` error and skipped.
///
/// ```
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
/// let (server_in, mut client_out) = tokio::io::duplex(1024);
/// let (client_in, server_out) = tokio::io::duplex(1024);
/// let server = tokio::spawn(prefab_mcp::transport::serve_lines(MyServer, server_in, server_out, 64));
/// client_out.write_all(&[b'x'; 100]).await.unwrap();
/// client_out.write_all(b"\n").await.unwrap();
/// let mut answer = String::new();
/// tokio::io::BufReader::new(client_in).read_line(&mut answer).await.unwrap();
/// assert!(answer.contains("-32600"));
/// # drop(client_out); let _ = server.await; }
/// ```
///
/// # Errors
/// When the MCP handshake fails or the service task ends abnormally.
pub async fn serve_lines<H, R, W>(
    handler: H,
    input: R,
    output: W,
    max_line_bytes: usize,
) -> Result<(), TransportError>
where
    H: ServerHandler,
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send,
{
    let (rmcp_side, our_side) = tokio::io::duplex(PIPE_BYTES);
    let (from_rmcp, to_rmcp) = tokio::io::split(our_side);
    let (errors, error_lines) = mpsc::channel(16);
    // Reading input cannot always be cancelled (standard input blocks a thread), so it runs
    // on its own task, which ends with the input or is left behind when rmcp stops first.
    let reader = tokio::spawn(forward_lines(input, to_rmcp, errors, max_line_bytes));
    let (read, write) = tokio::io::split(rmcp_side);
    let transport = AsyncRwTransport::new_server(read, write).with_max_line_length(max_line_bytes);
    let serve = async move {
        let running = handler
            .serve(transport)
            .await
            .map_err(|e| TransportError::new("start the stdio server", e))?;
        running
            .waiting()
            .await
            .map_err(|e| TransportError::new("run the stdio server", e))?;
        Ok(())
    };
    let (served, written) = tokio::join!(serve, write_lines(from_rmcp, error_lines, output));
    reader.abort();
    served?;
    written.map_err(|e| TransportError::new("write to the stdio client", e))
}

/// Copies whole lines of `input` to rmcp; for each line over `max` bytes sends an error
/// answer to the writer instead, without buffering the line.
async fn forward_lines<R, W>(
    input: R,
    mut to_rmcp: W,
    errors: mpsc::Sender<Vec<u8>>,
    max: usize,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::with_capacity(PIPE_BYTES, input);
    let mut line = Vec::new();
    // The length so far of a line being skipped.
    let mut skipping: Option<usize> = None;
    loop {
        let available = input.fill_buf().await?;
        if available.is_empty() {
            // An over-long last line without newline is answered too; an ordinary partial
            // line is dropped, as rmcp drops it.
            if let Some(length) = skipping {
                let _ = errors.send(oversize_error(length, max)).await;
            }
            break;
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let take = newline.map_or(available.len(), |at| at + 1);
        match skipping.as_mut() {
            Some(length) => *length += take,
            None if line.len() + take > max => {
                skipping = Some(line.len() + take);
                line = Vec::new();
            }
            None => line.extend_from_slice(&available[..take]),
        }
        input.consume(take);
        if newline.is_some() {
            match skipping.take() {
                Some(length) => {
                    if errors.send(oversize_error(length, max)).await.is_err() {
                        break;
                    }
                }
                None => {
                    to_rmcp.write_all(&line).await?;
                    line.clear();
                }
            }
        }
    }
    to_rmcp.shutdown().await
}

fn oversize_error(length: usize, max: usize) -> Vec<u8> {
    let message = format!(
        "Invalid Request: a line of {length} bytes exceeds the limit of {max} bytes per message"
    );
    let mut line = error_json(ErrorData::invalid_request(message, None), None);
    line.push(b'\n');
    line
}

/// Writes rmcp's answers to `output` line by line, and the error lines from `errors`
/// between them; ends when rmcp closes its side.
async fn write_lines<R, W>(
    from_rmcp: R,
    mut errors: mpsc::Receiver<Vec<u8>>,
    mut output: W,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut from_rmcp = BufReader::with_capacity(PIPE_BYTES, from_rmcp);
    let mut line = Vec::new();
    loop {
        tokio::select! {
            // `read_until` keeps what it read in `line` when the other branch wins, and
            // the next call goes on from there: `output` only ever gets whole lines.
            read = from_rmcp.read_until(b'\n', &mut line) => {
                if read? == 0 {
                    break;
                }
                if line.ends_with(b"\n") {
                    output.write_all(&line).await?;
                    output.flush().await?;
                    line.clear();
                }
            }
            Some(error) = errors.recv() => {
                output.write_all(&error).await?;
                output.flush().await?;
            }
        }
    }
    output.write_all(&line).await?;
    while let Ok(error) = errors.try_recv() {
        output.write_all(&error).await?;
    }
    output.flush().await
}
