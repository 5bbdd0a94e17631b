package soul

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

// LocalProber reaches runtime facts a soul cites, and only on the local machine: it GETs a URL
// only when engine.LocalURL accepts it (the same rule that made it a runtime anchor), and never
// follows a redirect off the machine, so a soul cannot steer a check to another host.
type LocalProber struct{ Client *http.Client }

// NewLocalProber returns a prober whose client gives up after 2 seconds.
func NewLocalProber() LocalProber {
	return LocalProber{Client: &http.Client{Timeout: 2 * time.Second}}
}

// errNotLocal refuses a URL outside the machine.
var errNotLocal = errors.New("only local runtimes are probed")

// Probe GETs a local URL; any answer below 500 means the runtime is there. A redirect to another
// host is not followed: the local runtime answered, and its 3xx is that answer.
func (p LocalProber) Probe(ctx context.Context, url string) error {
	if !engine.LocalURL(url) {
		return errNotLocal
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	client := http.Client{Timeout: 2 * time.Second}
	if p.Client != nil {
		client = *p.Client
	}
	client.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		if !engine.LocalURL(next.URL.String()) || len(via) >= 10 {
			return http.ErrUseLastResponse
		}
		return nil
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("runtime answered %d", resp.StatusCode)
	}
	return nil
}
