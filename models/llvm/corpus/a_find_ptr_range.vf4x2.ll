; ModuleID = 'a_find_ptr_range.scalar.ll'
source_filename = "c/stl_algo.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @a_find_ptr_range(ptr noundef %0, ptr noundef readnone captures(address) %1) local_unnamed_addr #0 {
  %3 = ptrtoint ptr %0 to i64
  %4 = icmp eq ptr %0, %1
  br i1 %4, label %19, label %5

5:                                                ; preds = %2
  %6 = ptrtoint ptr %1 to i64
  %7 = sub i64 %6, %3
  %8 = getelementptr i8, ptr %0, i64 %7
  br label %9

9:                                                ; preds = %13, %5
  %10 = phi ptr [ %14, %13 ], [ %0, %5 ]
  %11 = load i8, ptr %10, align 1, !tbaa !9
  %12 = icmp eq i8 %11, 47
  br i1 %12, label %16, label %13

13:                                               ; preds = %9
  %14 = getelementptr inbounds nuw i8, ptr %10, i64 1
  %15 = icmp eq ptr %14, %1
  br i1 %15, label %16, label %9, !llvm.loop !10

16:                                               ; preds = %13, %9
  %17 = phi ptr [ %10, %9 ], [ %8, %13 ]
  %18 = ptrtoint ptr %17 to i64
  br label %19

19:                                               ; preds = %16, %2
  %20 = phi i64 [ %18, %16 ], [ %3, %2 ]
  %21 = sub i64 %20, %3
  ret i64 %21
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
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
