; Two natural loops inside one irreducible cycle (each one's exit enters the other)
define i32 @f(ptr noundef readonly align 4 dereferenceable(256) %p, ptr noundef readonly %b, i32 noundef %x, i1 %c, i32 %n) {
entry:
  br i1 %c, label %A, label %B

A:
  %i = phi i64 [ 0, %entry ], [ %i.next, %A.inc ], [ 0, %B.exit ]
  %ga = getelementptr inbounds i32, ptr %p, i64 %i
  %va = load i32, ptr %ga, align 4
  %ca = icmp eq i32 %va, %x
  br i1 %ca, label %A.exit, label %A.inc

A.inc:
  %i.next = add nuw nsw i64 %i, 1
  %ea = icmp eq i64 %i.next, 64
  br i1 %ea, label %A.exit, label %A

A.exit:
  br label %B

B:
  %j = phi i64 [ 0, %entry ], [ %j.next, %B.inc ], [ 0, %A.exit ]
  %gb = getelementptr inbounds i32, ptr %b, i64 %j
  %vb = load i32, ptr %gb, align 4
  %cb = icmp eq i32 %vb, %x
  br i1 %cb, label %B.exit, label %B.inc

B.inc:
  %j.next = add nuw nsw i64 %j, 1
  %eb = icmp eq i64 %j.next, 64
  br i1 %eb, label %B.exit, label %B

B.exit:
  br i1 %c, label %ret, label %A

ret:
  ret i32 0
}
