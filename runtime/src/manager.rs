//! Many TDLib clients in one process, one receive loop, async and blocking calls (feature
//! `tdjson`).
//!
//! `td_receive` returns the answers and updates of every client of the process, and must not
//! run on two threads at once. So one [`Manager`] owns the one receive loop, on a thread of its
//! own, and routes every object it receives:
//!
//! - an answer to a request (its `@extra`, which the manager numbers for the whole process) goes
//!   to that request: it is parsed in the loop, in place in TDLib's buffer, as the request's
//!   result type, made owned ([`IntoStatic`]) and handed over through a one-shot channel, so
//!   that the future of [`ManagedClient::send`] resolves to the typed result;
//! - anything else of a client of this manager (an update, an answer without our `@extra`) is
//!   parsed as the schema's `Object`, made owned, and queued on that client's update stream
//!   ([`ManagedClient::updates`]), or parsed into an arena-mode
//!   [`Document`] ([`ManagedClient::update_documents`], half the cost of owned values to hand
//!   over), or dropped when nobody took the stream;
//! - a handler given to [`Manager::start_with_handler`] sees every object first, borrowed from
//!   TDLib's buffer (zero-copy), inside the loop.
//!
//! Requests are sent from any thread (`td_send` is thread-safe). No executor is required: the
//! futures are woken by the loop thread ([`futures_channel::oneshot`]), the update stream is a
//! [`futures_core::Stream`], and [`ManagedClient::call`] blocks the calling thread instead.
//!
//! Closing: [`ManagedClient::close`] sends `close` and resolves when TDLib reports
//! `authorizationStateClosed` for that client; then every request still pending on it completes
//! with [`CallError::Closed`] and its update stream ends. Dropping the [`Manager`] closes every
//! client it created (waiting up to [`CLOSE_TIMEOUT`]), completes whatever is still
//! pending with [`CallError::Closed`], and joins the loop thread. Every answer reaches its
//! request exactly once: the pending request is removed from the table before it is completed.
//!
//! Back-pressure: update streams are bounded ([`UPDATE_QUEUE`] objects per client);
//! when one is full the loop waits for its reader, which in turn leaves TDLib's own queue to
//! grow; while the manager is being dropped it drops the update instead, so that dropping never
//! hangs on a reader that does not read. A client whose updates are never read should not take
//! its stream (an untaken stream drops its updates and never blocks the loop).
//!
//! Nothing here calls `setTdlibParameters`.

use std::collections::HashMap;
use std::ffi::CStr;
use std::fmt;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use futures_channel::{mpsc, oneshot};
use futures_core::Stream as _;

use crate::arena::{Document, DocumentRoot};
use crate::function::{CallError, Function, Schema, parse_response, response_tail, write_request};
use crate::owned::IntoStatic;
use crate::parse::{ParseClass, ParseValue, parse_received};
use crate::pointer::{Cursor, Error as PointerError};
use crate::received::Received;
use crate::tdjson::{CLOSED, TdJson, TdJsonError, TdSender};

/// An owned object of schema `S`, as an update stream yields it.
pub type OwnedReceived<S> = Received<'static, <S as Schema>::Object<'static>>;

/// What a pending request does with its answer (parse it as its result type and complete its
/// future), or with the error that ends it.
type Completion = Box<dyn for<'a> FnOnce(Result<Cursor<'a>, CallError>) + Send>;

/// A handler of [`Manager::start_with_handler`]: sees every object, borrowed, in the loop.
type Handler<S> = Option<Box<dyn for<'a> FnMut(&Received<'a, <S as Schema>::Object<'a>>) + Send>>;

/// Whether a [`Manager`] lives in this process (one receive loop per process).
static RUNNING: AtomicBool = AtomicBool::new(false);

/// How long one `td_receive` of the loop waits before it looks at the stop flag again.
const POLL: f64 = 0.05;

/// Objects an update stream holds before the loop waits for its reader.
pub const UPDATE_QUEUE: usize = 4096;

/// How long dropping a [`Manager`] waits for its clients to close.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(20);

/// Where a client's updates go: each object parsed (owned, or into a document) and queued on
/// the client's stream.
trait UpdateSink: Send {
    /// Parses `answer` and queues it; when the queue is full the item is kept for
    /// [`wait`](Self::wait).
    fn offer(&mut self, answer: &CStr) -> Offer;
    /// Sends the kept item, waiting while the queue is full: `false` when the stream was
    /// dropped or `stop` was set while waiting.
    fn wait(&mut self, stop: &AtomicBool) -> bool;
}

/// What [`UpdateSink::offer`] did.
enum Offer {
    Sent,
    /// The queue is full: the item is kept.
    Full,
    /// The stream was dropped.
    Gone,
}

/// An [`UpdateSink`] that makes each item with `make`.
struct Channel<T, F> {
    sender: mpsc::Sender<Result<T, PointerError>>,
    make: F,
    kept: Option<Result<T, PointerError>>,
}

impl<T, F> UpdateSink for Channel<T, F>
where
    T: Send,
    F: FnMut(&CStr) -> Result<T, PointerError> + Send,
{
    fn offer(&mut self, answer: &CStr) -> Offer {
        match self.sender.try_send((self.make)(answer)) {
            Ok(()) => Offer::Sent,
            Err(e) if e.is_full() => {
                self.kept = Some(e.into_inner());
                Offer::Full
            }
            Err(_) => Offer::Gone,
        }
    }

    fn wait(&mut self, stop: &AtomicBool) -> bool {
        match self.kept.take() {
            Some(item) => send_waiting(&mut self.sender, item, stop),
            None => true,
        }
    }
}

/// One client's routing state.
struct Route {
    /// Where its updates go; `None` until [`ManagedClient::updates`] (or
    /// [`ManagedClient::update_documents`]) takes the stream.
    updates: Option<Box<dyn UpdateSink>>,
    /// The stream was taken (only the first call gets it).
    updates_taken: bool,
    /// Completed when TDLib reports `authorizationStateClosed`.
    closed: Vec<oneshot::Sender<()>>,
    /// Closed (or closing down with the manager): new requests fail at once.
    is_closed: bool,
}

/// The tables the loop and the senders share.
struct Table {
    /// `@extra` → (client id, what to do with the answer).
    pending: HashMap<u64, (i32, Completion)>,
    routes: HashMap<i32, Route>,
}

/// What the loop thread and every client share.
struct Shared<S: Schema> {
    sender: TdSender,
    next_extra: AtomicU64,
    stop: AtomicBool,
    table: Mutex<Table>,
    /// The schema whose objects the loop parses for the handler and the owned streams.
    schema: PhantomData<fn() -> S>,
}

impl<S: Schema> Shared<S> {
    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Owns the receive loop and the clients; see the module documentation.
pub struct Manager<S: Schema> {
    shared: Arc<Shared<S>>,
    thread: Option<JoinHandle<()>>,
    version: String,
}

impl<S: Schema> fmt::Debug for Manager<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.shared.table();
        f.debug_struct("Manager")
            .field("schema", &S::NAME)
            .field("tdlib", &self.version)
            .field("clients", &table.routes.len())
            .field("pending", &table.pending.len())
            .finish()
    }
}

impl<S: Schema> Manager<S>
where
    for<'a> S::Object<'a>: ParseClass<'a>,
    S::Object<'static>: Send,
{
    /// Loads the installed libtdjson ([`TdJson::load_default`]) on a new loop thread, sets
    /// TDLib's log verbosity to 1 (errors only), and warns on stderr when TDLib's version
    /// differs from `schema_version`.
    pub fn start(schema_version: &str) -> Result<Manager<S>, TdJsonError> {
        Manager::spawn(schema_version, None)
    }

    /// [`Manager::start`], with `handler` called in the loop for every object received,
    /// borrowed from TDLib's buffer (zero-copy), before it is routed.
    pub fn start_with_handler(
        schema_version: &str,
        handler: impl for<'a> FnMut(&Received<'a, S::Object<'a>>) + Send + 'static,
    ) -> Result<Manager<S>, TdJsonError> {
        Manager::spawn(schema_version, Some(Box::new(handler)))
    }

    fn spawn(schema_version: &str, handler: Handler<S>) -> Result<Manager<S>, TdJsonError> {
        if RUNNING.swap(true, Ordering::AcqRel) {
            return Err(TdJsonError::ManagerRunning);
        }
        let started = Manager::spawn_loop(schema_version, handler);
        if started.is_err() {
            RUNNING.store(false, Ordering::Release);
        }
        started
    }

    fn spawn_loop(schema_version: &str, handler: Handler<S>) -> Result<Manager<S>, TdJsonError> {
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let schema_version = schema_version.to_owned();
        let thread = std::thread::Builder::new()
            .name("tdlib-receive".into())
            .spawn(move || {
                let (td, version) = match TdJson::load_for_schema(&schema_version, S::NAME) {
                    Ok(loaded) => loaded,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let shared = Arc::new(Shared {
                    sender: td.sender(),
                    next_extra: AtomicU64::new(1),
                    stop: AtomicBool::new(false),
                    table: Mutex::new(Table {
                        pending: HashMap::new(),
                        routes: HashMap::new(),
                    }),
                    schema: PhantomData,
                });
                if ready_tx.send(Ok((shared.clone(), version))).is_err() {
                    return;
                }
                receive_loop(td, &shared, handler);
            })
            .map_err(|e| TdJsonError::Thread(e.to_string()))?;
        let (shared, version) = match ready_rx.recv() {
            Ok(Ok(ready)) => ready,
            Ok(Err(e)) => {
                let _ = thread.join();
                return Err(e);
            }
            Err(_) => {
                let _ = thread.join();
                return Err(TdJsonError::Thread(
                    "the receive loop ended at start".into(),
                ));
            }
        };
        Ok(Manager {
            shared,
            thread: Some(thread),
            version,
        })
    }

    /// TDLib's version (its `version` option).
    pub fn tdlib_version(&self) -> &str {
        &self.version
    }

    /// A new TDLib instance (`td_create_client_id`; TDLib creates it with its first request).
    pub fn create_client(&self) -> ManagedClient<S> {
        let id = self.shared.sender.create_client_id();
        self.shared.table().routes.insert(
            id,
            Route {
                updates: None,
                updates_taken: false,
                closed: Vec::new(),
                is_closed: false,
            },
        );
        ManagedClient {
            id,
            shared: self.shared.clone(),
        }
    }

    /// Requests still waiting for their answer, over all clients.
    pub fn pending(&self) -> usize {
        self.shared.table().pending.len()
    }
}

impl<S: Schema> Drop for Manager<S> {
    fn drop(&mut self) {
        // Close every client still open, wait for TDLib to report them closed, then stop.
        let open: Vec<i32> = {
            let table = self.shared.table();
            table
                .routes
                .iter()
                .filter(|(_, r)| !r.is_closed)
                .map(|(id, _)| *id)
                .collect()
        };
        for id in &open {
            self.shared.sender.send(*id, c"{\"@type\":\"close\"}");
        }
        let deadline = Instant::now() + CLOSE_TIMEOUT;
        while Instant::now() < deadline {
            let table = self.shared.table();
            if open
                .iter()
                .all(|id| table.routes.get(id).is_none_or(|r| r.is_closed))
            {
                break;
            }
            drop(table);
            std::thread::sleep(Duration::from_millis(5));
        }
        self.shared.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        // Whatever is still pending (a client that did not close in time) ends with an error.
        let (pending, routes) = {
            let mut table = self.shared.table();
            (
                std::mem::take(&mut table.pending),
                std::mem::take(&mut table.routes),
            )
        };
        for (_, (_, complete)) in pending {
            complete(Err(CallError::Closed));
        }
        drop(routes);
        RUNNING.store(false, Ordering::Release);
    }
}

/// The receive loop: every object to its request or client, until the manager stops.
fn receive_loop<S: Schema>(mut td: TdJson, shared: &Shared<S>, mut handler: Handler<S>)
where
    for<'a> S::Object<'a>: ParseClass<'a>,
{
    while !shared.stop.load(Ordering::Acquire) {
        let Some(answer) = td.receive(POLL) else {
            continue;
        };
        route(answer, shared, &mut handler);
    }
}

/// Routes one answer (see the module documentation). Its length is measured once, by the
/// `&CStr` of `td_receive`: `@extra` and `@client_id` come last, and are read from the end.
fn route<S: Schema>(answer: &CStr, shared: &Shared<S>, handler: &mut Handler<S>)
where
    for<'a> S::Object<'a>: ParseClass<'a>,
{
    let bytes = answer.to_bytes();
    let tail = response_tail(bytes);
    if let Some(handler) = handler {
        if let Ok(received) = parse_received::<S::Object<'_>>(Cursor::from_cstr(answer)) {
            handler(&received);
        }
    }
    let mut table = shared.table();
    if let Some(extra) = tail.extra {
        if let Some((client, complete)) = table.pending.remove(&extra) {
            if tail.client_id.is_none_or(|id| id == client) {
                drop(table);
                complete(Ok(Cursor::from_cstr(answer)));
                return;
            }
            table.pending.insert(extra, (client, complete));
        }
    }
    let Some(client) = tail.client_id else {
        return;
    };
    let closed = bytes.starts_with(CLOSED);
    let Some(route) = table.routes.get_mut(&client) else {
        return;
    };
    if let Some(updates) = &mut route.updates {
        match updates.offer(answer) {
            Offer::Sent => {}
            Offer::Full => {
                // A full queue: wait for the reader (back-pressure), without holding the table,
                // on this very sender (a clone of a bounded sender may always send one more,
                // so waiting on a clone would let the queue grow without bound).
                let Some(mut sink) = route.updates.take() else {
                    return;
                };
                drop(table);
                let sent = sink.wait(&shared.stop);
                table = shared.table();
                if let Some(route) = table.routes.get_mut(&client) {
                    if sent && !route.is_closed {
                        route.updates = Some(sink);
                    }
                }
            }
            Offer::Gone => route.updates = None, // the stream was dropped
        }
    }
    if closed {
        let Some(route) = table.routes.get_mut(&client) else {
            return;
        };
        route.is_closed = true;
        route.updates = None; // ends the stream
        let waiters = std::mem::take(&mut route.closed);
        let (ended, kept): (HashMap<_, _>, HashMap<_, _>) = std::mem::take(&mut table.pending)
            .into_iter()
            .partition(|(_, (c, _))| *c == client);
        table.pending = kept;
        drop(table);
        for (_, (_, complete)) in ended {
            complete(Err(CallError::Closed));
        }
        for waiter in waiters {
            let _ = waiter.send(());
        }
    }
}

/// How long the loop waits at a time for the reader of a full update stream before it looks at
/// the stop flag again.
const WAIT_STEP: Duration = Duration::from_millis(50);

/// Sends `item` on `sender`, waiting while the queue is full: `true` once sent, `false` when
/// the stream was dropped or `stop` was set while waiting (the manager is being dropped: the
/// item is dropped rather than the loop hanging on a reader that will not read).
fn send_waiting<T>(sender: &mut mpsc::Sender<T>, item: T, stop: &AtomicBool) -> bool {
    loop {
        let ready = std::future::poll_fn(|cx| sender.poll_ready(cx));
        match block_on_timeout(ready, WAIT_STEP) {
            Some(Ok(())) => return sender.start_send(item).is_ok(),
            Some(Err(_)) => return false,
            None if stop.load(Ordering::Acquire) => return false,
            None => {}
        }
    }
}

/// One TDLib instance of a [`Manager`]: `Clone`, `Send` and `Sync`, usable from any thread.
pub struct ManagedClient<S: Schema> {
    id: i32,
    shared: Arc<Shared<S>>,
}

impl<S: Schema> Clone for ManagedClient<S> {
    fn clone(&self) -> Self {
        ManagedClient {
            id: self.id,
            shared: self.shared.clone(),
        }
    }
}

impl<S: Schema> fmt::Debug for ManagedClient<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ManagedClient")
            .field("schema", &S::NAME)
            .field("client_id", &self.id)
            .finish()
    }
}

impl<S: Schema> ManagedClient<S>
where
    S::Object<'static>: Send,
{
    /// This instance's `@client_id`.
    pub fn client_id(&self) -> i32 {
        self.id
    }

    /// Sends `request` and returns a future of its typed, owned answer: `F::Result`, TDLib's
    /// error as [`CallError::Td`], or [`CallError::Closed`] when the client closes (or the
    /// manager is dropped) first. The request is written and sent now, not when the future is
    /// first polled; dropping the future drops the answer when it comes.
    ///
    /// `F: 'static`: the answer is parsed in the loop thread by code that names `F`; requests
    /// with borrowed strings convert with `.into()` from a `String` or a `&'static str`.
    pub fn send<F>(&self, request: &F) -> Answer<F::Result<'static>>
    where
        F: Function + ?Sized + 'static,
        for<'a> F::Result<'a>: ParseValue<'a>,
        F::Result<'static>: Send,
    {
        let (tx, rx) = oneshot::channel();
        let complete: Completion = Box::new(move |answer: Result<Cursor<'_>, CallError>| {
            let result = answer
                .and_then(parse_response::<F>)
                .map(IntoStatic::into_static);
            let _ = tx.send(result);
        });
        let extra = self.shared.next_extra.fetch_add(1, Ordering::Relaxed);
        let mut buf = Vec::new();
        if let Err(e) = write_request(&mut buf, request, Some(extra)) {
            complete(Err(e));
            return Answer(rx);
        }
        {
            let mut table = self.shared.table();
            if table.routes.get(&self.id).is_none_or(|r| r.is_closed) {
                drop(table);
                complete(Err(CallError::Closed));
                return Answer(rx);
            }
            table.pending.insert(extra, (self.id, complete));
        }
        match CStr::from_bytes_with_nul(&buf) {
            Ok(request) => self.shared.sender.send(self.id, request),
            Err(e) => {
                let complete = self.shared.table().pending.remove(&extra);
                if let Some((_, complete)) = complete {
                    complete(Err(CallError::Serialize(e.to_string())));
                }
            }
        }
        Answer(rx)
    }

    /// [`ManagedClient::send`], blocking the calling thread up to `timeout` (`Duration::MAX`
    /// waits for ever). On timeout the request stays pending: its answer is dropped when it
    /// comes.
    pub fn call<F>(&self, request: &F, timeout: Duration) -> Result<F::Result<'static>, CallError>
    where
        F: Function + ?Sized + 'static,
        for<'a> F::Result<'a>: ParseValue<'a>,
        F::Result<'static>: Send,
    {
        let answer = self.send(request);
        block_on_timeout(answer, timeout).unwrap_or(Err(CallError::Timeout))
    }

    /// The stream of this client's updates (and answers to requests not sent through
    /// [`ManagedClient::send`]), owned. Only the first call of this or
    /// [`update_documents`](Self::update_documents) gets the stream; later calls get an empty
    /// stream. Updates received before the call are not kept.
    pub fn updates(&self) -> Updates<S>
    where
        for<'a> S::Object<'a>: ParseClass<'a>,
        S: 'static,
    {
        self.stream(|answer: &CStr| {
            parse_received::<S::Object<'_>>(Cursor::from_cstr(answer)).map(IntoStatic::into_static)
        })
    }

    /// [`updates`](Self::updates) as arena-mode documents of the module `R` generated from the
    /// same schema (its `ArenaRoot`): each object is copied into an arena of its own and parsed
    /// there in the loop ([`Document::parse`]; the arenas of dropped documents come back to the
    /// loop), which takes half the time of making it owned and handing it over
    /// (docs/BENCHMARKS.md, "Documents that cross threads"). The same rules as `updates`.
    pub fn update_documents<R: DocumentRoot>(&self) -> DocumentUpdates<R>
    where
        Document<R>: Send,
    {
        self.stream(|answer: &CStr| Document::<R>::parse(answer.to_bytes()))
    }

    /// A new stream of this client's updates, each made by `make`, when none was taken.
    fn stream<T: Send + 'static>(
        &self,
        make: impl FnMut(&CStr) -> Result<T, PointerError> + Send + 'static,
    ) -> UpdateStream<T> {
        let (sender, receiver) = mpsc::channel(UPDATE_QUEUE);
        let mut table = self.shared.table();
        match table.routes.get_mut(&self.id) {
            Some(route) if !route.updates_taken && !route.is_closed => {
                route.updates_taken = true;
                route.updates = Some(Box::new(Channel {
                    sender,
                    make,
                    kept: None,
                }));
            }
            _ => drop(sender),
        }
        UpdateStream(receiver)
    }

    /// Sends `close` and resolves when TDLib reports this instance closed
    /// (`authorizationStateClosed`); then every request still pending on it has completed with
    /// [`CallError::Closed`] and its update stream has ended. Resolves at once if it is closed
    /// already.
    pub fn close(&self) -> Closed {
        let (tx, rx) = oneshot::channel();
        {
            let mut table = self.shared.table();
            match table.routes.get_mut(&self.id) {
                Some(route) if !route.is_closed => route.closed.push(tx),
                _ => {
                    let _ = tx.send(());
                    return Closed(rx);
                }
            }
        }
        self.shared.sender.send(self.id, c"{\"@type\":\"close\"}");
        Closed(rx)
    }

    /// Whether TDLib has reported this instance closed.
    pub fn is_closed(&self) -> bool {
        self.shared
            .table()
            .routes
            .get(&self.id)
            .is_none_or(|r| r.is_closed)
    }
}

/// The future of one request's answer ([`ManagedClient::send`]).
#[derive(Debug)]
#[must_use = "the answer is dropped unless the future is awaited"]
pub struct Answer<T>(oneshot::Receiver<Result<T, CallError>>);

impl<T> std::future::Future for Answer<T> {
    type Output = Result<T, CallError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match Pin::new(&mut self.0).poll(cx) {
            Poll::Ready(Ok(result)) => Poll::Ready(result),
            // The manager dropped the request without an answer: it is gone.
            Poll::Ready(Err(_)) => Poll::Ready(Err(CallError::Closed)),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// The future of [`ManagedClient::close`].
#[derive(Debug)]
#[must_use = "closing completes when the future resolves"]
pub struct Closed(oneshot::Receiver<()>);

impl std::future::Future for Closed {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        Pin::new(&mut self.0).poll(cx).map(|_| ())
    }
}

/// A client's updates, owned ([`ManagedClient::updates`]).
pub type Updates<S> = UpdateStream<OwnedReceived<S>>;

/// A client's updates as arena-mode documents ([`ManagedClient::update_documents`]).
pub type DocumentUpdates<R> = UpdateStream<Document<R>>;

/// A client's stream of updates, each a `T` or the error of its parse: a
/// [`Stream`](futures_core::Stream), or [`next_blocking`](Self::next_blocking); ends when the
/// client closes.
pub struct UpdateStream<T>(mpsc::Receiver<Result<T, PointerError>>);

impl<T> fmt::Debug for UpdateStream<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("UpdateStream")
    }
}

impl<T> futures_core::Stream for UpdateStream<T> {
    type Item = Result<T, PointerError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.0).poll_next(cx)
    }
}

impl<T> UpdateStream<T> {
    /// The next update, blocking up to `timeout`: `None` on timeout or when the stream ended.
    pub fn next_blocking(&mut self, timeout: Duration) -> Option<Result<T, PointerError>> {
        let next = std::future::poll_fn(|cx| Pin::new(&mut self.0).poll_next(cx));
        block_on_timeout(next, timeout).flatten()
    }
}

/// Wakes a thread parked in [`block_on_timeout`].
struct ThreadWaker(std::thread::Thread);

impl std::task::Wake for ThreadWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` on this thread until it resolves or `timeout` passes (`None`);
/// `Duration::MAX` waits for ever.
fn block_on_timeout<F: std::future::Future>(future: F, timeout: Duration) -> Option<F::Output> {
    run(future, Instant::now().checked_add(timeout))
}

/// Polls `future` on this thread, parking between wake-ups, until it resolves or `deadline`
/// passes (`None`; a `None` deadline never passes).
fn run<F: std::future::Future>(future: F, deadline: Option<Instant>) -> Option<F::Output> {
    let waker = Arc::new(ThreadWaker(std::thread::current())).into();
    let mut cx = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return Some(output);
        }
        match deadline {
            None => std::thread::park(),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                std::thread::park_timeout(left);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bounded channel of capacity 1 (one slot plus the sender's own) that is full.
    fn full_channel() -> (mpsc::Sender<u32>, mpsc::Receiver<u32>) {
        let (mut tx, rx) = mpsc::channel(1);
        tx.try_send(1).unwrap();
        tx.try_send(2).unwrap();
        assert!(tx.try_send(3).unwrap_err().is_full());
        (tx, rx)
    }

    /// The loop's wait on a full update stream really waits for the reader (a clone of the
    /// sender would have sent at once), then sends.
    #[test]
    fn send_waiting_waits_for_the_reader() {
        let (mut tx, mut rx) = full_channel();
        // What the loop did before: a clone sends past the bound without waiting.
        assert!(tx.clone().try_send(9).is_ok());
        let stop = AtomicBool::new(false);
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            scope.spawn(|| done_tx.send(send_waiting(&mut tx, 3, &stop)).unwrap());
            // Queue 1, 2, 9: the sender stays blocked until the reader takes one.
            assert!(done_rx.recv_timeout(Duration::from_millis(200)).is_err());
            assert_eq!(rx.try_recv().ok(), Some(1));
            assert_eq!(done_rx.recv_timeout(Duration::from_secs(10)), Ok(true));
        });
        for expected in [2, 9, 3] {
            assert_eq!(rx.try_recv().ok(), Some(expected));
        }
    }

    /// Stopping the manager ends the wait (the item is dropped), so dropping it never hangs
    /// on a reader that does not read; a dropped reader ends it too.
    #[test]
    fn send_waiting_ends_on_stop_or_dropped_reader() {
        let (mut tx, rx) = full_channel();
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| send_waiting(&mut tx, 3, &stop));
            std::thread::sleep(Duration::from_millis(100));
            assert!(!waiting.is_finished());
            stop.store(true, Ordering::Release);
            assert!(!waiting.join().unwrap());
        });
        let (mut tx, rx2) = full_channel();
        drop(rx2);
        assert!(!send_waiting(&mut tx, 3, &AtomicBool::new(false)));
        drop(rx);
    }

    /// `Duration::MAX` does not overflow the deadline: it waits for ever (here: until ready).
    #[test]
    fn block_on_timeout_takes_duration_max() {
        let (tx, rx) = oneshot::channel::<u32>();
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            tx.send(7).unwrap();
        });
        assert_eq!(block_on_timeout(rx, Duration::MAX), Some(Ok(7)));
        sender.join().unwrap();
        let (_tx, rx) = oneshot::channel::<u32>();
        assert_eq!(block_on_timeout(rx, Duration::from_millis(20)), None);
    }
}
