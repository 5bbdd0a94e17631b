package transport

import (
	"encoding/base64"
	"strconv"
	"strings"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
)

// Paging bounds, the same for every list medulla serves.
const (
	defaultPageSize = 50
	maxPageSize     = 500
)

// errBadToken is the refusal of a page token this server did not issue (or issued for another list).
func errBadToken() error {
	return invalid("page.page_token", "page_token is not one this server issued")
}

// pageSize reads a requested size: 0 means the default, larger than the bound means the bound.
func pageSize(p *commonv1.PageRequest) (int, error) {
	size := int(p.GetPageSize())
	switch {
	case size < 0:
		return 0, invalid("page.page_size", "page_size must not be negative")
	case size == 0:
		size = defaultPageSize
	case size > maxPageSize:
		size = maxPageSize
	}
	return size, nil
}

// page decodes a PageRequest over a numeric cursor (a row id, a ledger seq, a version) into
// the cursor and a size; 0 is the start.
func page(p *commonv1.PageRequest) (int64, int, error) {
	size, err := pageSize(p)
	if err != nil {
		return 0, 0, err
	}
	if p.GetPageToken() == "" {
		return 0, size, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(p.GetPageToken())
	if err != nil {
		return 0, 0, errBadToken()
	}
	cur, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || cur <= 0 {
		return 0, 0, errBadToken()
	}
	return cur, size, nil
}

// nextToken is the PageResponse after a page that ended at cursor; the empty token (the
// explicit end) when the page was short or there is no cursor.
func nextToken(cursor int64, got, size int) *commonv1.PageResponse {
	if got < size || cursor <= 0 {
		return &commonv1.PageResponse{}
	}
	return &commonv1.PageResponse{NextPageToken: base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(cursor, 10)))}
}

// namePage decodes a PageRequest over a list ordered by name (brains, peers). The token names
// its list, so a brains token is refused by ListPeers, and carries a name that must be valid.
func namePage(p *commonv1.PageRequest, list string, valid func(string) bool) (string, int, error) {
	size, err := pageSize(p)
	if err != nil {
		return "", 0, err
	}
	if p.GetPageToken() == "" {
		return "", size, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(p.GetPageToken())
	if err != nil {
		return "", 0, errBadToken()
	}
	name, ok := strings.CutPrefix(string(raw), list+":")
	if !ok || !valid(name) {
		return "", 0, errBadToken()
	}
	return name, size, nil
}

// nextName is the PageResponse after a page whose last name is next; "" is the explicit end.
func nextName(list, next string) *commonv1.PageResponse {
	if next == "" {
		return &commonv1.PageResponse{}
	}
	return &commonv1.PageResponse{NextPageToken: base64.RawURLEncoding.EncodeToString([]byte(list + ":" + next))}
}
