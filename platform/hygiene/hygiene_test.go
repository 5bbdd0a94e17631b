package hygiene

import "testing"

func TestSecretPatterns(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{"aws access key id", "key AKIAIOSFODNN7EXAMPLE here", "aws-access-key-id"},
		{"aws secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws-secret-access-key"},
		{"rsa private key", "-----BEGIN RSA PRIVATE KEY-----", "private-key-block"},
		{"openssh private key", "-----BEGIN OPENSSH PRIVATE KEY-----", "private-key-block"},
		{"pgp private key block", "-----BEGIN PGP PRIVATE KEY BLOCK-----", "private-key-block"},
		{"plain private key", "-----BEGIN PRIVATE KEY-----", "private-key-block"},
		{"gcp api key", "AIzaSyA1234567890abcdefghijklmnopqrstuv", "gcp-api-key"},
		{"google oauth", "ya29.a0AfH6SMBx1234567890abcdefghij", "google-oauth-token"},
		{"azure storage", "DefaultEndpointsProtocol=https;AccountKey=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH==", "azure-storage-key"},
		{"github classic", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "github-token"},
		{"github fine grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github-fine-grained-token"},
		{"gitlab", "glpat-abcdefghij0123456789", "gitlab-token"},
		{"slack", "xoxb-1234567890-abcdefghij", "slack-token"},
		{"stripe", "sk_live_abcdefghijklmnop1234", "stripe-key"},
		{"openai", "sk-proj-abcdefghijklmnopqrstuvwxyz012345", "openai-anthropic-key"},
		{"anthropic", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "openai-anthropic-key"},
		{"organism token", "org1.eyJ2IjoxLCJ0eXAiOiJhZ2VudCJ9.c2lnbmF0dXJl", "organism-token"},
		{"jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt"},
		{"bearer header", "Authorization: Bearer 0123456789abcdefABCDEF0123", "bearer-token"},
		{"url credentials", "postgres://app:s3cretpw@db.internal:5432/app", "url-credentials"},
		{"api key assignment", `API_KEY="a1b2c3d4e5f6g7h8i9j0"`, "credential-assignment"},
		{"password assignment", "password: hunter2hunter2hunter2x9", "credential-assignment"},
		// Prose about secrets is not a secret.
		{"prose about bearer", "Use a bearer token from the vault; never paste it here.", ""},
		{"prose password", "password = correcthorsebatterystaple", ""},
		{"a sha256 is not a secret", "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", ""},
		{"url without credentials", "https://example.com/docs?a=b", ""},
		{"begin public key", "-----BEGIN PUBLIC KEY-----", ""},
		{"sk- in prose", "the sk-learn package", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := FindSecret(tc.text); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestHomePaths(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"/home/alice/src", true},
		{"see /Users/bob/app", true},
		{"in (/root/.ssh)", true},
		{"path=/var/home/carol/x", true},
		{`C:\Users\dave\repo`, true},
		{"`/home/erin/.bashrc`", true},
		{"the /home directory", false},
		{"https://example.com/home/page", false},
		{"/srv/app/root/config", false},
		{"internal/home/handler.go", false},
		{"~/src is relative to the user", false},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			if got := HasHomePath(tc.text); got != tc.want {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}
