; ModuleID = 'a_find_ptr64.scalar.ll'
source_filename = "c/stl_algo.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local ptr @a_find_ptr64(ptr noundef readonly captures(address, ret: address, provenance) %0, ptr noundef readnone captures(address) %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = icmp eq ptr %0, %1
  br i1 %4, label %15, label %5

5:                                                ; preds = %3
  br label %6

6:                                                ; preds = %10, %5
  %7 = phi ptr [ %11, %10 ], [ %0, %5 ]
  %8 = load i64, ptr %7, align 8, !tbaa !9
  %9 = icmp eq i64 %8, %2
  br i1 %9, label %13, label %10

10:                                               ; preds = %6
  %11 = getelementptr inbounds nuw i8, ptr %7, i64 8
  %12 = icmp eq ptr %11, %1
  br i1 %12, label %13, label %6, !llvm.loop !11

13:                                               ; preds = %10, %6
  %14 = phi ptr [ %11, %10 ], [ %7, %6 ]
  br label %15

15:                                               ; preds = %13, %3
  %16 = phi ptr [ %0, %3 ], [ %14, %13 ]
  ret ptr %16
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
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
