package domain_test
import ("context";"testing";"time";"github.com/organism-dev/organism/services/soul/domain";"github.com/organism-dev/organism/services/soul/gitrepo")
func BenchmarkPhases(b *testing.B){
 root:=benchRepo(b); src:=benchSoul(root); ctx:=context.Background()
 for i:=0;i<4;i++{
 if i==0 {gitrepo.ResetCache()}
 t:=time.Now(); s,_:=domain.Parse("docs/PATHOS.md",src,domain.ParseOptions{}); a:=time.Since(t)
 t=time.Now(); r,_:=gitrepo.Open(ctx,root); o:=time.Since(t)
 t=time.Now(); rep,_:=domain.Check(ctx,s,r,domain.CheckOptions{Now:time.Now()}); c:=time.Since(t)
 b.Log(a,o,c,rep.ReceiptLine)}
}
