; ModuleID = 'exits_lcssa.scalar.ll'
source_filename = "c/exits_lcssa.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @exits_lcssa(ptr noundef readonly align 4 captures(none) dereferenceable(256) %0, ptr noundef readonly align 4 captures(none) dereferenceable(256) %1, i32 noundef %2) local_unnamed_addr #0 {
  br label %7

4:                                                ; preds = %12
  %5 = add nuw nsw i64 %8, 1
  %6 = icmp eq i64 %5, 64
  br i1 %6, label %16, label %7, !llvm.loop !9

7:                                                ; preds = %4, %3
  %8 = phi i64 [ 0, %3 ], [ %5, %4 ]
  %9 = getelementptr inbounds nuw i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp slt i32 %10, 0
  br i1 %11, label %16, label %12

12:                                               ; preds = %7
  %13 = getelementptr inbounds nuw i32, ptr %1, i64 %8
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = icmp eq i32 %14, %2
  br i1 %15, label %16, label %4

16:                                               ; preds = %12, %7, %4
  %17 = phi i32 [ -1, %4 ], [ %2, %12 ], [ %10, %7 ]
  ret i32 %17
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
