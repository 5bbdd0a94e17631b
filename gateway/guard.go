package gateway

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// Reasons the gateway answers with on its own.
const (
	ReasonBodyTooLarge     = "REQUEST_TOO_LARGE"
	ReasonBodyTimeout      = "BODY_TIMEOUT"
	ReasonBodyUnreadable   = "BODY_UNREADABLE"
	ReasonNoSuchRoute      = "NO_SUCH_ROUTE"
	ReasonMethodNotAllowed = "METHOD_NOT_ALLOWED"
	ReasonUnauthenticated  = "UNAUTHENTICATED"
	ReasonUnavailable      = "UPSTREAM_UNAVAILABLE"
)

var errBodyTooLarge = errors.New("request body is larger than this route accepts")

// reqState travels in the request context from the guard to the error handlers grpc-gateway
// calls, which see only the context.
type reqState struct {
	path string
	// body is the capped body of a client-streaming route, read by grpc-gateway itself.
	body *cappedBody
	// streamStatus is the HTTP status a stream refusal answers with when no chunk went out yet
	// (grpc-gateway would use its own code mapping, not HTTPStatus).
	streamStatus int
	// badBody is the refusal of a unary body the decoder would not take (not the route's JSON,
	// or naming a path variable otherwise): grpc-gateway keeps only an error's text, so the
	// decoder leaves the typed refusal here for errorHandler.
	badBody *status.Status
}

type stateKey struct{}

func stateFrom(ctx context.Context) *reqState {
	st, _ := ctx.Value(stateKey{}).(*reqState)
	return st
}

// controllerKey carries the ResponseController of the connection's own writer: the wrappers in
// between (tracing, metrics) do not all unwrap, and read deadlines are set on the connection.
type controllerKey struct{}

func controllerFrom(ctx context.Context) *http.ResponseController {
	rc, _ := ctx.Value(controllerKey{}).(*http.ResponseController)
	return rc
}

func setReadDeadline(ctx context.Context, t time.Time) {
	if rc := controllerFrom(ctx); rc != nil {
		_ = rc.SetReadDeadline(t) // unsupported writers (tests' recorders) simply have none
	}
}

// api guards every /v1 route but the session's: route, credential, body cap, in that order, each
// answered before any body byte is read (see Limits).
func (g *Gateway) api(w http.ResponseWriter, r *http.Request) {
	rt, allow, ok := g.routes.lookup(r.Method, r.URL.Path)
	if !ok {
		if len(allow) > 0 {
			methodNotAllowed(w, allow)
			return
		}
		notFound(w, r, false)
		return
	}
	r, err := g.authenticate(r)
	if err != nil {
		// An unauthenticated body is never read, not even drained for keep-alive.
		if hasBody(r) {
			w.Header().Set("Connection", "close")
		}
		g.writeStatus(w, r.URL.Path, err)
		return
	}
	limit, timeout := g.limits.bodyLimit(rt.operation)
	if r.ContentLength > limit {
		tooLarge(w, limit)
		return
	}
	st := &reqState{path: r.URL.Path}
	ctx := context.WithValue(r.Context(), stateKey{}, st)
	if hasBody(r) && (rt.method == http.MethodPost || rt.method == http.MethodPut || rt.method == http.MethodPatch) {
		setReadDeadline(ctx, time.Now().Add(timeout))
		if rt.clientStream {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(ctx)
			defer cancel()
			st.body = &cappedBody{r: r.Body, limit: limit, left: limit, done: func() { setReadDeadline(ctx, time.Time{}) }, cancel: cancel}
			r.Body = st.body
		} else {
			body, release, err := readCapped(r.Body, limit, r.ContentLength)
			setReadDeadline(ctx, time.Time{})
			if err != nil {
				bodyRefusal(w, err, limit)
				return
			}
			defer release()
			body.st, body.vars = st, rt.vars(r.URL.Path)
			r.Body = body
		}
	}
	g.mux.ServeHTTP(&refusalWriter{ResponseWriter: w, st: st}, r.WithContext(ctx))
}

func hasBody(r *http.Request) bool {
	return r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
}

// authenticate verifies the bearer credential (the same check, and the same refusals, as the
// services') or finds the owner's session. The guard answers its refusal itself, so no
// unauthenticated body is ever read or forwarded.
func (g *Gateway) authenticate(r *http.Request) (*http.Request, error) {
	if vals := r.Header.Values("Authorization"); len(vals) > 0 {
		md := metadata.MD{}
		md.Append(auth.AuthorizationHeader, vals...)
		_, err := g.opts.Verifier.Authenticate(metadata.NewIncomingContext(r.Context(), md))
		return r, err
	}
	sess, ok := g.cookieSession(r)
	if !ok {
		return r, rpcstatus.New(codes.Unauthenticated, Domain, ReasonUnauthenticated, "missing bearer credential or owner session")
	}
	if !safeMethod(r.Method) && !validCSRF(r, sess) {
		return r, rpcstatus.New(codes.PermissionDenied, Domain, "CSRF_REQUIRED", "state-changing requests from a session need the "+CSRFHeader+" header")
	}
	return r.WithContext(contextWithSession(r, sess)), nil
}

// tooLarge and bodyRefusal close the connection after answering: the rest of the body is not
// worth reading (net/http would otherwise try to drain it, and wait on a client that stalls).
func tooLarge(w http.ResponseWriter, limit int64) {
	w.Header().Set("Connection", "close")
	writeRefusal(w, http.StatusRequestEntityTooLarge, codes.ResourceExhausted, ReasonBodyTooLarge,
		"request body is larger than the "+byteSize(limit)+" this route accepts", "")
}

// bodyRefusal answers a body that could not be read whole: too large, too slow, or cut off.
func bodyRefusal(w http.ResponseWriter, err error, limit int64) {
	w.Header().Set("Connection", "close")
	var ne net.Error
	switch {
	case errors.Is(err, errBodyTooLarge):
		tooLarge(w, limit)
	case errors.As(err, &ne) && ne.Timeout():
		writeRefusal(w, http.StatusRequestTimeout, codes.DeadlineExceeded, ReasonBodyTimeout, "request body did not arrive in time", "")
	default:
		writeRefusal(w, http.StatusBadRequest, codes.InvalidArgument, ReasonBodyUnreadable, "request body could not be read", "")
	}
}

// bufferedBody is a unary route's body, read whole under the cap; wireMarshaler decodes it in
// place.
type bufferedBody struct {
	data []byte
	off  int
	// st receives the refusal of a body that does not decode; vars are the route's path
	// variables, which the body may repeat but not contradict.
	st   *reqState
	vars map[string]string
}

func (b *bufferedBody) Read(p []byte) (int, error) {
	if b.off >= len(b.data) {
		return 0, io.EOF
	}
	n := copy(p, b.data[b.off:])
	b.off += n
	return n, nil
}

func (b *bufferedBody) Close() error { return nil }

// bodyPools hold the buffers bodies are read into, one pool per cap, each buffer cap+1 bytes
// (so one byte too many is seen). A request in flight holds one buffer and a finished one gives
// it back, so a flood of bodies costs the cap per request in flight and leaves no garbage behind
// (garbage would let the heap grow to twice that before a collection). Bodies that declare at
// most smallBody bytes get a buffer of their own size instead.
var bodyPools sync.Map // int64 -> *sync.Pool of *[]byte

const smallBody = 64 << 10

// readCapped reads a body of at most limit bytes (net/http itself stops a body at its declared
// Content-Length). release gives the buffer back once the request is done with it.
func readCapped(body io.Reader, limit, length int64) (*bufferedBody, func(), error) {
	if length > 0 && length <= smallBody {
		buf := make([]byte, length)
		if _, err := io.ReadFull(body, buf); err != nil {
			return nil, nil, err
		}
		return &bufferedBody{data: buf}, func() {}, nil
	}
	p, _ := bodyPools.LoadOrStore(limit, &sync.Pool{New: func() any { b := make([]byte, limit+1); return &b }})
	pool := p.(*sync.Pool)
	bp := pool.Get().(*[]byte)
	want := *bp
	if length > 0 {
		want = want[:length]
	}
	n, err := io.ReadFull(body, want)
	switch {
	case err == nil && length > 0:
		return &bufferedBody{data: want}, func() { pool.Put(bp) }, nil
	case err == nil:
		pool.Put(bp)
		return nil, nil, errBodyTooLarge
	case length <= 0 && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)):
		return &bufferedBody{data: want[:n]}, func() { pool.Put(bp) }, nil
	default:
		pool.Put(bp)
		return nil, nil, err
	}
}

// cappedBody is a client-streaming route's body: grpc-gateway reads it message by message and
// sends each upstream, and the read fails once it passes the cap (the upload is then cancelled,
// so nothing is stored, and errorHandler answers 413).
type cappedBody struct {
	r        io.ReadCloser
	limit    int64
	left     int64
	exceeded bool
	readErr  error
	done     func() // the body is read (or refused): clear its read deadline
	cancel   func() // the body passed the cap: abandon the upstream call
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.exceeded {
		return 0, errBodyTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.r.Read(p)
	if int64(n) > b.left {
		b.exceeded, b.left = true, 0
		b.done()
		b.cancel()
		return 0, errBodyTooLarge
	}
	b.left -= int64(n)
	if err != nil {
		if !errors.Is(err, io.EOF) {
			b.readErr = err
		}
		b.done()
	}
	return n, err
}

func (b *cappedBody) Close() error { return b.r.Close() }

// refusalWriter gives a stream refusal written before any chunk the gateway's HTTP status.
type refusalWriter struct {
	http.ResponseWriter
	st *reqState
}

func (w *refusalWriter) WriteHeader(code int) {
	if w.st.streamStatus != 0 {
		code = w.st.streamStatus
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *refusalWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *refusalWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// notFound answers an unknown path: JSON, or outside the API a short page when the client
// prefers HTML.
func notFound(w http.ResponseWriter, r *http.Request, page bool) {
	if page && prefersHTML(r) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `<!doctype html><title>Not found</title><h1>Not found</h1><p><a href="/">Organism</a></p>`)
		return
	}
	writeRefusal(w, http.StatusNotFound, codes.NotFound, ReasonNoSuchRoute, "no route "+r.Method+" "+r.URL.Path, "")
}

func methodNotAllowed(w http.ResponseWriter, allow []string) {
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeRefusal(w, http.StatusMethodNotAllowed, codes.Unimplemented, ReasonMethodNotAllowed, "this route answers "+strings.Join(allow, ", "), "")
}

// hallNotFound turns the Hall's 404 into the JSON one for clients that did not ask for HTML.
type hallNotFound struct {
	http.ResponseWriter
	r        *http.Request
	replaced bool
}

func (w *hallNotFound) WriteHeader(code int) {
	if code == http.StatusNotFound {
		w.replaced = true
		w.ResponseWriter.Header().Del("Content-Length")
		notFound(w.ResponseWriter, w.r, false)
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *hallNotFound) Write(b []byte) (int, error) {
	if w.replaced {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

func (w *hallNotFound) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
